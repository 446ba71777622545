// Embedding dml: a Lua state with dml's stdlib, searcher and error handling.
//
//   dml::Interpreter dml({.lib_dirs = {"scenarios/lib"}});
//   if (!dml.run_file("scenario.lua")) std::cerr << dml.error() << "\n";
//
// Every run_* call returns false on a Lua or dml error, with the message
// ("scenario.lua:12: cluster.levels[2].bandwidth: ...") in error().
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct lua_State;

namespace dml {

struct InterpreterOptions {
  std::vector<std::string> lib_dirs;  // searched after DML_PATH (--lib DIR); default none
  std::string stdlib_dir;             // load the stdlib from this directory instead of the
                                      // embedded copy (development); default "" = embedded
  bool traceback = false;             // append a stack traceback to error messages
  bool use_env_path = true;           // read DML_PATH from the environment
  // Run the shard_index-th of shard_count consecutive slices of every dml.sweep (--shard K/N,
  // docs/scaling-out.md); default 1 of 1, the whole sweep.
  std::int64_t shard_index = 1;
  std::int64_t shard_count = 1;
};

class Interpreter {
 public:
  explicit Interpreter(InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Sets the global `arg` as `lua` does: argv[script_index] is arg[0], the
  // ones after it arg[1..], the ones before it negative indices.
  void set_args(const std::vector<std::string>& argv, int script_index);

  // Runs a scenario file ("-" reads standard input) with `args` as `...`.
  bool run_file(const std::string& path, const std::vector<std::string>& args = {});
  // Runs a chunk of Lua text; `chunk_name` as in lua_load ("=(command line)").
  bool run_string(std::string_view chunk, const std::string& chunk_name = "=(command line)");
  // require(module) and store the result in the global `global`.
  bool require(const std::string& module, const std::string& global);
  // Reads, evaluates and prints lines until end of input (line editing and history on a terminal).
  void repl();
  // The reference text of a dml name (a declared type, a result or a function: "cluster",
  // "plan", "optimize"), as `dml --doc NAME` prints it; false for an unknown name (error() says
  // which names there are).
  bool doc(const std::string& name, std::string& text);

  // Calls the function below `nargs` arguments on the Lua stack, under the
  // message handler; on success `nresults` results are left on the stack.
  bool call_function(int nargs, int nresults) { return call(nargs, nresults); }

  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] lua_State* lua() const { return L_; }

 private:
  bool call(int nargs, int nresults);
  lua_State* L_ = nullptr;
  InterpreterOptions options_;
  std::string error_;
};

}  // namespace dml
