// dml: the command line. Conventions follow `lua` (lua.c): options, then the
// script and its arguments; `-` reads the script from standard input.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <lua.hpp>
#include <optional>
#include <string>
#include <vector>

#include "dml/interpreter.hpp"
#include "dml/version.hpp"
#include "output.hpp"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitScriptError = 1;
constexpr int kExitUsage = 2;

constexpr const char* kUsage = R"(usage: dml [options] [script [args]]

Runs a training-run scenario written in Lua.

Options:
  -e CHUNK        run the string CHUNK
  -l NAME         require library NAME into the global NAME
  -l G=NAME       require library NAME into the global G
  -i              enter interactive mode after running the script
  -v, --version   print the version (and exit, if there is nothing to run)
  -h, --help      print this help and exit
  --traceback     add a stack traceback to error messages
  --doc NAME      print the reference of a dml type or function (e.g. cluster) and exit
  --lib DIR       search DIR for scenario libraries (after DML_PATH); repeatable
  --stdlib DIR    load the stdlib from DIR instead of the built-in copy (development)
  --shard K/N     run the K-th of N consecutive slices of every dml.sweep (1 <= K <= N);
                  also taken after the script, where the script does not see it
  --merge OUT PART...
                  join the saved slices of a sharded sweep (.csv or .tsv, in order
                  1..N) into OUT, the table the unsharded run saves, and exit
  --              stop handling options
  -               run standard input and stop handling options

With no script, dml runs standard input, or starts the interactive prompt if
standard input is a terminal. The script sees its arguments in `arg` and `...`.

require "name" looks next to the requiring script, then in DML_PATH
(';'-separated templates such as "/opt/dml/?.lua"), then in --lib directories,
then in dml's built-in stdlib.

Exit status: 0 success, 1 an error in the scenario or its data, 2 a usage error.
)";

struct Action {
  enum Kind { kChunk, kLibrary } kind;
  std::string text;
};

int usage_error(const std::string& message) {
  std::cerr << "dml: " << message << "\ntry 'dml --help' for more information\n";
  return kExitUsage;
}

// "K/N" with 1 <= K <= N <= 10^9, both whole numbers written in digits.
bool parse_shard(const std::string& text, dml::InterpreterOptions& options) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  auto whole = [](std::string_view digits, std::int64_t& out) {
    if (digits.empty() || digits.size() > 10) return false;
    out = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + (c - '0');
    }
    return out >= 1 && out <= 1000000000;
  };
  std::int64_t k = 0;
  std::int64_t n = 0;
  const std::string_view t(text);
  if (!whole(t.substr(0, slash), k) || !whole(t.substr(slash + 1), n) || k > n) return false;
  options.shard_index = k;
  options.shard_count = n;
  return true;
}

int shard_error(const std::string& value) {
  return usage_error(
      "--shard: expected K/N, the K-th of N slices with 1 <= K <= N (as in --shard "
      "2/4), got '" +
      value + "'");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv, argv + argc);
  dml::InterpreterOptions options;
  std::vector<Action> actions;
  bool interactive = false;
  bool show_version = false;
  std::optional<std::string> doc_name;
  int script = 0;  // index of the script in args; 0 = none
  int i = 1;
  for (; i < argc; ++i) {
    const std::string& a = args[i];
    if (a.empty() || a[0] != '-') {
      script = i;
      break;
    }
    if (a == "-") {
      script = i;
      break;
    }
    if (a == "--") {
      if (i + 1 < argc) script = i + 1;
      break;
    }
    auto value = [&]() -> const std::string* { return i + 1 < argc ? &args[++i] : nullptr; };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (a == "-v" || a == "--version") {
      show_version = true;
      continue;
    }
    if (a == "--merge") {
      if (argc - i < 3) return usage_error("'--merge' needs an output file and the parts to join");
      const std::vector<std::string> parts(args.begin() + i + 2, args.end());
      try {
        dml::output::merge_tables(args[i + 1], parts);
      } catch (const std::exception& e) {
        std::cerr << "dml: " << e.what() << "\n";
        return kExitScriptError;
      }
      return kExitOk;
    }
    if (a == "-i") {
      interactive = true;
    } else if (a == "--traceback") {
      options.traceback = true;
    } else if (a == "--shard") {
      const std::string* v = value();
      if (v == nullptr) return usage_error("'--shard' needs an argument");
      if (!parse_shard(*v, options)) return shard_error(*v);
    } else if (a == "-e" || a == "-l" || a == "--lib" || a == "--stdlib" || a == "--doc") {
      const std::string* v = value();
      if (v == nullptr) return usage_error("'" + a + "' needs an argument");
      if (v->empty() && a != "-e") {
        return usage_error("'" + a + "' needs " +
                           (a == "--doc" ? "a name, as in --doc cluster"
                            : a == "-l"  ? "a library name"
                                         : "a directory") +
                           ", not an empty argument");
      }
      if (a == "-e") actions.push_back({Action::kChunk, *v});
      if (a == "-l") actions.push_back({Action::kLibrary, *v});
      if (a == "--lib") options.lib_dirs.push_back(*v);
      if (a == "--stdlib") options.stdlib_dir = *v;
      if (a == "--doc") doc_name = *v;
    } else {
      return usage_error("unrecognized option '" + a + "'");
    }
  }

  // As `lua -v`: the version, then whatever else was asked for; nothing else, and dml stops.
  if (show_version) {
    std::cout << "dml " << dml::version() << " (" << LUA_RELEASE << ")\n";
    if (script == 0 && actions.empty() && !interactive && !doc_name) return kExitOk;
  }
  if (!options.stdlib_dir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(options.stdlib_dir, ec)) {
      return usage_error("--stdlib " + options.stdlib_dir + ": no such directory");
    }
  }
  // `dml sweep.lua --shard K/N ...`: after the script too, --shard is dml's, and the script's
  // arguments are the others.
  std::vector<std::string> script_args;
  std::vector<std::string> argv_seen(args.begin(),
                                     args.begin() + (script != 0 ? script + 1 : argc));
  if (script != 0) {
    for (int j = script + 1; j < argc; ++j) {
      if (args[j] == "--shard") {
        if (j + 1 >= argc) return usage_error("'--shard' needs an argument");
        if (!parse_shard(args[j + 1], options)) return shard_error(args[j + 1]);
        ++j;
        continue;
      }
      script_args.push_back(args[j]);
      argv_seen.push_back(args[j]);
    }
  }
  try {
    dml::Interpreter dml(options);
    dml.set_args(argv_seen, script != 0 ? script : 0);
    if (doc_name) {
      std::string text;
      if (!dml.doc(*doc_name, text)) {
        std::cerr << "dml: " << dml.error() << "\n";
        return kExitUsage;
      }
      std::cout << text << "\n";
      return kExitOk;
    }
    auto fail = [&] {
      std::cerr << "dml: " << dml.error() << "\n";
      return kExitScriptError;
    };
    for (const auto& act : actions) {
      bool ok = false;
      if (act.kind == Action::kChunk) {
        ok = dml.run_string(act.text);
      } else {
        // -l G=NAME sets the global G; -l NAME sets NAME (lua 5.4's convention)
        const size_t eq = act.text.find('=');
        ok = eq == std::string::npos ? dml.require(act.text, act.text)
                                     : dml.require(act.text.substr(eq + 1), act.text.substr(0, eq));
      }
      if (!ok) return fail();
    }
    if (script != 0) {
      if (!dml.run_file(args[script], script_args)) return fail();
    } else if (actions.empty() && !interactive) {
      if (isatty(STDIN_FILENO) != 0) {
        interactive = true;
      } else if (!dml.run_file("-")) {
        return fail();
      }
    }
    if (interactive) {
      if (isatty(STDIN_FILENO) != 0) {
        std::cout << "dml " << dml::version() << " (" << LUA_RELEASE << ")  Ctrl-D to quit\n";
      }
      dml.repl();
    }
  } catch (const std::exception& e) {
    std::cerr << "dml: " << e.what() << "\n";
    return kExitScriptError;
  }
  return kExitOk;
}
