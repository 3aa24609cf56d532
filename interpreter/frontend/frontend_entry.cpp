// libclvet-frontend.so's one entry point: the table of its front ends and its decoder.
#include "frontend/frontend_entry.h"

extern "C" __attribute__((visibility("default"))) const clvet::interp::FrontEndEntry*
clvet_frontend_entry() {
  using namespace clvet::interp;
  static const FrontEndEntry entry{sizeof(FrontEndEntry), compile_opencl_c,  link_bitcode,
                                   translate_spirv,       validate_spirv,
                                   spirv_spec_constants,  kernel_infos,
                                   ir::decode_module};
  return &entry;
}
