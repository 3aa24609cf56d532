// The rule registry: every rule defined with CLVET_RULE, indexed by id and by entry point.
#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "clvet/rules/api.h"
#include "all_families.h"
#include "clvet/rules/rule.h"

namespace clvet::rules {
namespace {

struct Registry {
  std::vector<const Rule*> rules;
  std::map<std::string_view, std::vector<const Rule*>, std::less<>> by_entry;
};

// Never destroyed: the layer checks calls an application makes from its static destructors,
// which run after those of the layer's own statics.
Registry& registry() {
  static auto* instance = new Registry;
  return *instance;
}

}  // namespace

Registration::Registration(const Rule& rule) {
  Registry& r = registry();
  r.rules.push_back(&rule);
  r.by_entry[rule.entry].push_back(&rule);
}

std::span<const Rule* const> all_rules() { return registry().rules; }

const Rule* find_rule(std::string_view id) {
  for (const Rule* rule : registry().rules)
    if (rule->id == id) return rule;
  return nullptr;
}

std::span<const Rule* const> rules_for(std::string_view entry) {
  auto& by_entry = registry().by_entry;
  auto it = by_entry.find(entry);
  if (it == by_entry.end()) return {};
  return it->second;
}

}  // namespace clvet::rules
