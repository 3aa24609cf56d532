// CLVET_CHECK: which kernel checkers a launch runs ("all", "none" or a comma-separated list).
#include "clvet/checker/kernel_checker.h"

namespace clvet::checker {

KernelChecks KernelChecks::parse(std::string_view list) {
  KernelChecks c;
  if (list.empty() || list == "all") return c;
  c.races = c.bounds = c.divergence = c.uninit = false;
  if (list == "none") return c;
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    std::string_view name = list.substr(at, end - at);
    if (name == "races") c.races = true;
    if (name == "bounds" || name == "memory") c.bounds = true;
    if (name == "divergence") c.divergence = true;
    // "budget" names no checker: the budget (CLVET_BUDGET_*) holds in every mode.
    if (name == "uninit") c.uninit = true;
    if (name == "all") c = KernelChecks{};
    at = end + 1;
  }
  return c;
}

}  // namespace clvet::checker
