// Extraction of error clauses from the specification documents, and their matching to rules.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "clvet/rules/api.h"
#include "clvet/rules/coverage.h"
#include "clvet/rules/error_codes.h"

namespace clvet::rules {
namespace {

std::string trim(std::string s) {
  auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

// Removes emphasis, code marks, bullets glyphs and footnote markers; collapses spaces.
std::string plain(const std::string& text) {
  static const std::regex footnote(R"(\^\{?[0-9]+\}?\^?|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)");
  std::string s = std::regex_replace(text, footnote, "");
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '*' || c == '`' || c == '\\') continue;
    if (c == '_' && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])) ||
                     i + 1 == s.size() || !std::isalnum(static_cast<unsigned char>(s[i + 1]))))
      continue;  // _emphasis_ marks, not identifiers like CL_INVALID_VALUE
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    out += c;
  }
  for (const char* glyph : {"✚", "✦", "•"}) {
    std::size_t at;
    while ((at = out.find(glyph)) != std::string::npos) out.erase(at, std::strlen(glyph));
  }
  return trim(out);
}

bool is_entry_point(const std::string& name) { return api::find_entry_point(name) != nullptr; }

// The entry points a "... return(s) ... following error(s)" paragraph speaks for: the names
// right before its last "return"/"returns" that precedes "following error".
std::vector<std::string> owners_of(const std::string& paragraph) {
  const std::string text = plain(paragraph);
  const std::size_t following = text.find("following error");
  static const std::regex names_then_return(
      R"(((?:cl[A-Z]\w*)(?:\s*(?:,|and|or)\s*(?:cl[A-Z]\w*))*)\s*,?\s+(?:returns?|will return)\b)");
  std::vector<std::string> owners;
  for (std::sregex_iterator it(text.begin(), text.end(), names_then_return), end; it != end; ++it) {
    if (static_cast<std::size_t>(it->position(0)) > following) break;
    owners.clear();
    std::string names = (*it)[1];
    static const std::regex name(R"(cl[A-Z]\w*)");
    for (std::sregex_iterator n(names.begin(), names.end(), name); n != end; ++n)
      if (is_entry_point(n->str())) owners.push_back(n->str());
  }
  return owners;
}

bool starts_list_item(const std::string& line, std::string* rest) {
  static const std::regex bullet(R"(^\s*(?:-\s*(?:✚|✦|•)?|\*)\s+(.*)$)");
  std::smatch m;
  if (!std::regex_match(line, m, bullet)) return false;
  *rest = m[1];
  return true;
}

bool starts_with_error_code(const std::string& text, std::string* code) {
  static const std::regex error(R"(^(CL_[A-Z0-9_]+)\b)");
  std::smatch m;
  std::string p = plain(text);
  if (!std::regex_search(p, m, error)) return false;
  *code = m[1];
  return *code != "CL_SUCCESS" && *code != "CL_TRUE" && *code != "CL_FALSE";
}

bool ends_error_section(const std::string& line) {
  static const std::regex heading(R"(^(?:[0-9]+(?:\.[0-9]+)+\s+[A-Z]|=+\s|\[source|```|----))");
  return std::regex_search(line, heading);
}

}  // namespace

std::vector<SpecClause> extract_clauses(Spec spec, const std::string& document) {
  std::vector<std::string> lines;
  {
    std::istringstream in(document);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  std::vector<SpecClause> clauses;
  std::vector<std::string> owners;
  std::string paragraph;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    std::string rest, code;
    if (trim(line).empty()) {
      paragraph.clear();
      continue;
    }
    if (starts_list_item(line, &rest) && !owners.empty() && starts_with_error_code(rest, &code)) {
      // Wrapped continuation lines (AsciiDoc indents them) belong to the clause.
      std::string text = rest;
      while (i + 1 < lines.size() && !trim(lines[i + 1]).empty() &&
             !starts_list_item(lines[i + 1], &rest) &&
             std::isspace(static_cast<unsigned char>(lines[i + 1][0]))) {
        ++i;
        text += " " + trim(lines[i]);
      }
      text = plain(text);
      // A list shared by several entry points (clEnqueueReadBuffer and clEnqueueWriteBuffer)
      // may hold clauses that name one of them ("if clEnqueueReadBuffer is called on..."):
      // those belong to that entry point only.
      std::vector<std::string> named;
      for (const std::string& owner : owners)
        if (owners.size() > 1 && text.find("if " + owner + " ") != std::string::npos)
          named.push_back(owner);
      for (const std::string& owner : named.size() == 1 ? named : owners)
        clauses.push_back({spec, owner, code, text});
      continue;
    }
    if (ends_error_section(line)) {
      owners.clear();
      paragraph.clear();
      continue;
    }
    paragraph += " " + line;
    if (paragraph.find("following error") != std::string::npos) {
      std::vector<std::string> found = owners_of(paragraph);
      owners = found;
    }
  }
  // The same clause stated twice for one entry point (a repeated list) counts once.
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  std::vector<SpecClause> unique;
  for (SpecClause& c : clauses)
    if (seen.insert({c.entry, c.code, c.text}).second) unique.push_back(std::move(c));
  return unique;
}

std::vector<SpecClause> extract_clauses(const std::filesystem::path& spec_dir) {
  auto read = [](const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  std::vector<SpecClause> all = extract_clauses(Spec::OpenCL12, read(spec_dir / "opencl-1.2-full-spec.txt"));
  std::vector<SpecClause> runtime22 =
      extract_clauses(Spec::Runtime22, read(spec_dir / "opencl-2.2-runtime-chapter.adoc"));
  all.insert(all.end(), runtime22.begin(), runtime22.end());
  return all;
}

std::string write_clause_index(const std::vector<SpecClause>& clauses) {
  std::string out =
      "# spec\tentry\tcode\tclause -- generated by `clvet rules --extract-clauses SPEC_DIR`\n";
  for (const SpecClause& c : clauses)
    out += std::string(to_string(c.spec)) + "\t" + c.entry + "\t" + c.code + "\t" + c.text + "\n";
  return out;
}

std::vector<SpecClause> read_clause_index(const std::string& tsv) {
  std::vector<SpecClause> clauses;
  std::istringstream in(tsv);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream fs(line);
    for (std::string f; std::getline(fs, f, '\t');) fields.push_back(f);
    if (fields.size() != 4) continue;
    Spec spec = fields[0] == to_string(Spec::OpenCL12) ? Spec::OpenCL12 : Spec::Runtime22;
    clauses.push_back({spec, fields[1], fields[2], fields[3]});
  }
  return clauses;
}

namespace {

std::set<std::string> words(const std::string& text) {
  std::set<std::string> out;
  std::string word;
  for (char c : plain(text) + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      if (word.size() >= 3) out.insert(word);
      word.clear();
    }
  }
  return out;
}

// How many of the clause's words the rule's text has; the rule quotes its clause, and a
// clause the extractor cut short at a page break is still fully contained.
double containment(const std::set<std::string>& clause, const std::set<std::string>& rule) {
  if (clause.empty()) return 0.0;
  std::size_t common = 0;
  for (const std::string& w : clause) common += rule.count(w);
  return static_cast<double>(common) / static_cast<double>(clause.size());
}

// Of two rules that both contain the clause, the one with fewest extra words is its rule.
double jaccard(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::size_t common = 0;
  for (const std::string& w : a) common += b.count(w);
  std::size_t all = a.size() + b.size() - common;
  return all == 0 ? 0.0 : static_cast<double>(common) / static_cast<double>(all);
}

}  // namespace

const Rule* rule_for_clause(const SpecClause& clause) {
  const std::set<std::string> clause_words = words(clause.text);
  const Rule* best = nullptr;
  double best_score = 0.0;
  for (const Rule* rule : rules_for(clause.entry)) {
    if (error_code_name(rule->code) != clause.code) continue;
    const std::set<std::string> rule_words = words(std::string(rule->clause));
    // Another version's rewording shares most words (Jaccard); a clause cut short at a page
    // break is still contained in the rule's full text.
    const double j = jaccard(clause_words, rule_words);
    const double c = containment(clause_words, rule_words);
    const double score = std::max(j / 0.5, c / 0.8);
    if (score > best_score) {
      best_score = score;
      best = rule;
    }
  }
  return best_score >= 1.0 ? best : nullptr;
}

std::vector<Coverage> measure_coverage(const std::vector<SpecClause>& clauses) {
  std::vector<Coverage> result;
  for (Spec spec : {Spec::OpenCL12, Spec::Runtime22}) {
    Coverage c{spec};
    for (const SpecClause& clause : clauses) {
      if (clause.spec != spec) continue;
      ++c.clauses;
      if (rule_for_clause(clause))
        ++c.covered;
      else
        c.uncovered.push_back(&clause);
    }
    result.push_back(std::move(c));
  }
  return result;
}

}  // namespace clvet::rules
