// The four functions an ICD loader looks up in a layer: clGetLayerInfo and clInitLayer
// (ocl-icd 2.3.1 and the first Khronos loaders), clInitLayerWithProperties and clDeinitLayer
// (newer Khronos loaders). exports.map lets nothing else out of the library.
#include <CL/cl_layer.h>

#include <cstring>

#include "dispatch.h"
#include "lifecycle.h"
#include "platform_order_interposer.h"

// cl_layer.h of Debian 12 predates the v2 entry points; their declarations, as the Khronos
// loader calls them.
extern "C" {
typedef cl_properties cl_layer_properties;
CL_API_ENTRY cl_int CL_API_CALL clInitLayerWithProperties(
    cl_uint num_entries, const cl_icd_dispatch* target_dispatch, cl_uint* num_entries_ret,
    const cl_icd_dispatch** layer_dispatch_ret, const cl_layer_properties* properties);
CL_API_ENTRY cl_int CL_API_CALL clDeinitLayer(void);
}

#define CLVET_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

constexpr char kLayerName[] = "clvet: checks every OpenCL call against the specification";

cl_int init(cl_uint num_entries, const cl_icd_dispatch* target_dispatch, cl_uint* num_entries_ret,
            const cl_icd_dispatch** layer_dispatch_ret) {
  if (target_dispatch == nullptr || num_entries_ret == nullptr || layer_dispatch_ret == nullptr)
    return CL_INVALID_VALUE;
  clvet::layer::set_next(target_dispatch, num_entries);
  clvet::layer::platform_order_interposer::install();  // set_next() starts from the loader's table
  clvet::layer::start();
  *num_entries_ret = sizeof(cl_icd_dispatch) / sizeof(void*);
  *layer_dispatch_ret = &clvet::layer::layer_dispatch();
  return CL_SUCCESS;
}

}  // namespace

CLVET_EXPORT cl_int CL_API_CALL clGetLayerInfo(cl_layer_info param_name, size_t param_value_size,
                                               void* param_value, size_t* param_value_size_ret) {
  const void* value = nullptr;
  size_t size = 0;
  static const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  switch (param_name) {
    case CL_LAYER_API_VERSION:
      value = &version;
      size = sizeof version;
      break;
    case CL_LAYER_NAME:
      value = kLayerName;
      size = sizeof kLayerName;
      break;
    default:
      return CL_INVALID_VALUE;
  }
  if (param_value != nullptr) {
    if (param_value_size < size) return CL_INVALID_VALUE;
    std::memcpy(param_value, value, size);
  }
  if (param_value_size_ret != nullptr) *param_value_size_ret = size;
  return CL_SUCCESS;
}

CLVET_EXPORT cl_int CL_API_CALL clInitLayer(cl_uint num_entries,
                                            const cl_icd_dispatch* target_dispatch,
                                            cl_uint* num_entries_ret,
                                            const cl_icd_dispatch** layer_dispatch_ret) {
  return init(num_entries, target_dispatch, num_entries_ret, layer_dispatch_ret);
}

// No layer property is defined yet beyond the list's end; unknown ones are ignored rather
// than refused, so that a newer loader does not silently drop the layer.
CLVET_EXPORT cl_int CL_API_CALL clInitLayerWithProperties(
    cl_uint num_entries, const cl_icd_dispatch* target_dispatch, cl_uint* num_entries_ret,
    const cl_icd_dispatch** layer_dispatch_ret, const cl_layer_properties* /*properties*/) {
  return init(num_entries, target_dispatch, num_entries_ret, layer_dispatch_ret);
}

// The Khronos loader calls this before it unloads the layer: the report cannot wait for exit.
CLVET_EXPORT cl_int CL_API_CALL clDeinitLayer(void) {
  clvet::layer::finish();
  return CL_SUCCESS;
}
