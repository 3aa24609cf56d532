// Measures how many of the spec's error clauses have a rule: the clauses are read out of the
// specification text itself, so coverage is counted, not claimed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "clvet/rules/rule.h"

namespace clvet::rules {

// One error clause of one entry point, as a specification document states it.
struct SpecClause {
  Spec spec;
  std::string entry;   // e.g. clCreateBuffer
  std::string code;    // e.g. CL_INVALID_BUFFER_SIZE
  std::string text;    // the clause, markup removed
};

// Reads the error lists ("... returns one of the following errors:") of a spec document:
// the 1.2 full spec as text, or the 2.2 runtime chapter as AsciiDoc. Only entry points of the
// API table are kept.
std::vector<SpecClause> extract_clauses(Spec spec, const std::string& document_text);

// Reads every document of `spec_dir` that clvet knows (../shared/spec).
std::vector<SpecClause> extract_clauses(const std::filesystem::path& spec_dir);

// The committed clause index (rules/spec/clauses.tsv): spec, entry, code, text per line.
std::string write_clause_index(const std::vector<SpecClause>& clauses);
std::vector<SpecClause> read_clause_index(const std::string& tsv);

// The rule that encodes `clause` (same entry point and code, same words), or nullptr.
const Rule* rule_for_clause(const SpecClause& clause);

struct Coverage {
  Spec spec;
  std::size_t clauses = 0;
  std::size_t covered = 0;
  std::vector<const SpecClause*> uncovered;
};
std::vector<Coverage> measure_coverage(const std::vector<SpecClause>& clauses);

}  // namespace clvet::rules
