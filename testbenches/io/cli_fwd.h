#pragma once
/// \file
/// CLI11's classes as the command headers name them: a translation unit that builds options
/// includes <CLI/CLI.hpp> itself, so the others (the family table, main, the tests) do not
/// compile CLI11's header (about 7 s a file at -O2).
namespace CLI {
class App;
class Option;
class ParseError;
class Validator;
}  // namespace CLI
