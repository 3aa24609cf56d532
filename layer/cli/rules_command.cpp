// `clvet rules`: lists the rules and the API table.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "clvet/rules/api.h"
#include "clvet/rules/coverage.h"
#include "clvet/rules/rule.h"
#include "commands.h"
#include "own_files.h"

namespace clvet::cli {
namespace {

int g_exit_status = 0;

std::string version_range(const rules::Rule& rule) {
  std::string out = fmt::format("{}.{}+", rule.since.major, rule.since.minor);
  if (rule.until != rules::Version{})
    out = fmt::format("{}.{}-{}.{}", rule.since.major, rule.since.minor, rule.until.major,
                      rule.until.minor);
  return out;
}

void list_rules(const std::string& entry) {
  for (const rules::Rule* rule : rules::all_rules()) {
    if (!entry.empty() && rule->entry != entry) continue;
    fmt::print("{}\t{}\t{}\t{} §{}\t{}\t{}\t{}\n", rule->id, rule->entry, rule->code,
               rules::to_string(rule->spec), rule->section, version_range(*rule),
               rule->check ? "precheck" : "runtime", rule->clause);
  }
}

void list_api() {
  for (const api::EntryPoint& entry : api::entry_points()) {
    fmt::print("{} (slot {}, OpenCL {}{}{}{}{})\n", entry.name, entry.slot, entry.since,
               entry.extension.empty() ? "" : ", ", entry.extension,
               entry.effect == api::Effect::None ? "" : ", effect: ",
               entry.effect == api::Effect::None ? std::string_view() : api::to_string(entry.effect));
    for (const api::Param& p : entry.params) {
      fmt::print("  {} {}: {}", p.type, p.name, api::to_string(p.role));
      if (p.kind != api::ObjectKind::None) fmt::print(" of {}", api::to_string(p.kind));
      if (!p.peer.empty()) fmt::print(" [{}]", p.peer);
      if (!p.peer2.empty()) fmt::print(" [{}]", p.peer2);
      if (!p.family.empty()) fmt::print(" <{}>", p.family);
      if (p.nullable) fmt::print(" (may be NULL)");
      if (p.blocking) fmt::print(" (blocking)");
      fmt::print("\n");
    }
  }
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CLI::ValidationError("--index", path + ": cannot be read");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Prints clauses covered / clauses in the spec, per document, and optionally the gaps.
void print_coverage(const std::vector<rules::SpecClause>& clauses, bool list_uncovered) {
  std::size_t all = 0, covered = 0;
  for (const rules::Coverage& c : rules::measure_coverage(clauses)) {
    fmt::print("{}: {} of {} error clauses have a rule ({:.1f}%)\n", rules::to_string(c.spec),
               c.covered, c.clauses, c.clauses ? 100.0 * c.covered / c.clauses : 0.0);
    all += c.clauses;
    covered += c.covered;
    if (list_uncovered)
      for (const rules::SpecClause* u : c.uncovered)
        fmt::print("  uncovered: {} {}: {}\n", u->entry, u->code, u->text);
  }
  std::size_t prechecks = 0;
  for (const rules::Rule* rule : rules::all_rules()) prechecks += rule->is_precheck();
  fmt::print("total: {} of {} clauses; {} rules ({} prechecks, {} runtime)\n", covered, all,
             rules::all_rules().size(), prechecks, rules::all_rules().size() - prechecks);
}

}  // namespace

int exit_status() { return g_exit_status; }
void set_exit_status(int status) { g_exit_status = status; }

void add_rules_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "List the spec's error rules clvet checks, or the API table");
  static bool list = false, show_api = false;
  static std::string entry;
  cmd->add_flag("--list", list, "print every rule: id, entry point, code, section, versions, kind, clause");
  cmd->add_option("--entry", entry, "only the rules of this entry point");
  cmd->add_flag("--api", show_api, "print the API table: entry points, parameters and their roles");
  static std::string extract_from, index_path;
  static bool coverage = false, uncovered = false;
  cmd->add_option("--extract-clauses", extract_from,
                  "print the clause index (TSV) read from the spec documents in this folder");
  cmd->add_flag("--coverage", coverage,
                "count the spec's error clauses that have a rule (from --index, or --spec-dir)");
  cmd->add_option("--index", index_path, "the clause index to measure against (rules/spec/clauses.tsv)");
  cmd->add_flag("--uncovered", uncovered, "with --coverage: list the clauses without a rule");
  cmd->callback([] {
    if (!extract_from.empty()) {
      auto clauses = rules::extract_clauses(std::filesystem::path(extract_from));
      if (coverage) print_coverage(clauses, uncovered);
      else fmt::print("{}", rules::write_clause_index(clauses));
      return;
    }
    if (coverage) {
      if (index_path.empty()) index_path = own_file("clauses.tsv").string();
      print_coverage(rules::read_clause_index(read_file(index_path)), uncovered);
      return;
    }
    if (show_api) list_api();
    if (list || !entry.empty()) list_rules(entry);
    if (!list && !show_api && entry.empty())
      fmt::print("{} rules over {} entry points ({} dispatch slots)\n", rules::all_rules().size(),
                 api::entry_points().size(), api::dispatch_slot_count());
  });
}

}  // namespace clvet::cli
