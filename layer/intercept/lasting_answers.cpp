// The clGet*Info answers that hold for an object's whole life, as the API table's info
// parameters say (clvet/rules/info_params.def); counts, statuses and whatever a later call can
// change are asked every time.
#include "lasting_answers.h"

#include <cstring>

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

}  // namespace

bool lasting_answer(rules::InfoQuery query, cl_uint param, const void* value, std::size_t size) {
  // A parameter the table does not know (a vendor's) may change: it is asked every time.
  const api::InfoParam* known = api::find_info_param(rules::info_family(query), param);
  if (known == nullptr) return false;
  switch (known->lasting) {
    case api::Lasting::Yes: return true;
    case api::Lasting::No: return false;
    case api::Lasting::WhenFinal: return final_build_answer(param, value, size);
  }
  return false;
}

}  // namespace clvet::layer
