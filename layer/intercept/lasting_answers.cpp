// The clGet*Info answers that hold for an object's whole life, as the API table's info
// parameters say (clvet/rules/info_params.def); counts, statuses and whatever a later call can
// change are asked every time.
#include "lasting_answers.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "clvet/rules/info_params.h"

namespace clvet::layer {
namespace {

// A build that succeeded, and the executable it made, stay so until the program is built
// again (the layer forgets the program's answers at each clBuildProgram and
// clCompileProgram; clLinkProgram makes a new program). A status in progress or failed, or a
// compiled object that a link may still turn into a library, is not kept.
bool final_build_answer(cl_uint param, const void* value, std::size_t size) {
  if (size != sizeof(cl_int)) return false;
  cl_int answer;
  std::memcpy(&answer, value, sizeof answer);
  if (param == CL_PROGRAM_BUILD_STATUS) return answer == CL_BUILD_SUCCESS;
  if (param == CL_PROGRAM_BINARY_TYPE) return answer == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return false;
}

constexpr std::size_t kQueries = static_cast<std::size_t>(rules::InfoQuery::EventProfiling) + 1;

// Each query's parameters by value, looked up once rather than searched by family name on
// every answer the driver gives: (value, lasting), sorted, the first of equal values kept.
using ByValue = std::vector<std::pair<cl_uint, api::Lasting>>;

const std::array<ByValue, kQueries>& by_query() {
  static const auto* table = [] {
    auto* made = new std::array<ByValue, kQueries>;
    for (std::size_t q = 0; q < kQueries; ++q) {
      ByValue& params = (*made)[q];
      for (const api::InfoParam& p : api::info_params(rules::info_family(static_cast<rules::InfoQuery>(q))))
        params.emplace_back(p.value, p.lasting);
      std::stable_sort(params.begin(), params.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    return made;
  }();
  return *table;
}

}  // namespace

bool lasting_answer(rules::InfoQuery query, cl_uint param, const void* value, std::size_t size) {
  const auto q = static_cast<std::size_t>(query);
  if (q >= kQueries) return false;
  const ByValue& params = by_query()[q];
  const auto found = std::lower_bound(params.begin(), params.end(), param,
                                      [](const auto& p, cl_uint v) { return p.first < v; });
  // A parameter the table does not know (a vendor's) may change: it is asked every time.
  if (found == params.end() || found->first != param) return false;
  switch (found->second) {
    case api::Lasting::Yes: return true;
    case api::Lasting::No: return false;
    case api::Lasting::WhenFinal: return final_build_answer(param, value, size);
    // The layer forgets the queue's answers when clSetCommandQueueProperty changes them.
    case api::Lasting::UntilSet: return true;
  }
  return false;
}

}  // namespace clvet::layer
