// Every type the model describes (a `Description<T>` in model/include/dml/*.hpp), as one list:
// DML_DESCRIBED_TYPES(X) calls X(T) once per type. lua_values.hpp declares their Lua bindings'
// templates `extern`, and type_info.cpp instantiates them once, so that each binding source does
// not compile the same visitors again (they were 90% of three sources' compile time).
// A type described later joins this list; one left out still works (each source then compiles
// its own copy).
#pragma once

#include "dml/evaluate.hpp"
#include "dml/hardware.hpp"
#include "dml/latency_wall.hpp"
#include "dml/layout.hpp"
#include "dml/plan.hpp"
#include "dml/search.hpp"
#include "dml/transformer.hpp"
#include "dml/workload.hpp"

// clang-format off
// Declared types: scenarios write them, and the bindings read them.
#define DML_DECLARED_TYPES(X) \
  X(::dml::Options)           \
  X(::dml::PrecisionRates)    \
  X(::dml::GpuEfficiency)     \
  X(::dml::GpuPower)          \
  X(::dml::Facility)          \
  X(::dml::Gpu)               \
  X(::dml::BusBandwidth)      \
  X(::dml::NetworkLevel)      \
  X(::dml::Cluster)           \
  X(::dml::WallParams)        \
  X(::dml::WallRange)         \
  X(::dml::TensorParallel)    \
  X(::dml::LevelSplit)        \
  X(::dml::Layout)            \
  X(::dml::Run)               \
  X(::dml::Setting)           \
  X(::dml::Moe)               \
  X(::dml::Mla)               \
  X(::dml::Transformer)       \
  X(::dml::Stack)             \
  X(::dml::TransformerRun)    \
  X(::dml::TransformerLayout) \
  X(::dml::CollectiveQuery)   \
  X(::dml::MlpStack)

// Results (`Description<T>::result`): the model computes them; they are never read from Lua.
#define DML_RESULT_TYPES(X)    \
  X(::dml::LayoutCost)         \
  X(::dml::Evaluation)         \
  X(::dml::WallPoint)          \
  X(::dml::RunFacts)           \
  X(::dml::Plan)               \
  X(::dml::Limits)             \
  X(::dml::SearchStats)        \
  X(::dml::Summary)            \
  X(::dml::StepTime)           \
  X(::dml::StepMemory)         \
  X(::dml::StepEnergy)         \
  X(::dml::StepPlan)           \
  X(::dml::CollectiveEstimate)
// clang-format on

#define DML_DESCRIBED_TYPES(X) DML_DECLARED_TYPES(X) DML_RESULT_TYPES(X)
