// Sampler objects (OpenCL 1.2 §5.5, 2.2 §5.7) on a device without images (the reference device
// under CLVET_IMAGES=0): every argument
// clause before "images are not supported by any device associated with context", then that
// clause itself, read from the device's CL_DEVICE_IMAGE_SUPPORT.
#include "fixtures.h"

namespace clvet::test {
namespace {

class Samplers : public WithContext {
 protected:
  WithoutImages no_images;
  // A context the application already released: an invalid handle the loader can still read.
  // A live object of another kind passed as a sampler.
  cl_sampler not_a_sampler() { return reinterpret_cast<cl_sampler>(context); }
};

// §5.5.1 / §4.2 table 4.3: under CLVET_IMAGES=0 the device reports CL_DEVICE_IMAGE_SUPPORT =
// CL_FALSE, which is what the no-image-support clauses below read.
TEST_F(Samplers, DeviceReportsNoImageSupport) {
  cl_bool images = CL_TRUE;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(images, CL_FALSE);
}

// §5.5.1: "CL_INVALID_CONTEXT if context is not a valid context."
TEST_F(Samplers, CreateSamplerInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateSampler(released_context(), CL_TRUE, CL_ADDRESS_CLAMP,
                                      CL_FILTER_NEAREST, &err),
                      err, CL_INVALID_CONTEXT, "CreateSamplerInvalidContext");
}

// §5.5.1: "CL_INVALID_VALUE if addressing_mode, filter_mode or normalized_coords or combination
// of these argument values are not valid" (repeat modes need normalized coordinates, OpenCL C
// §6.12.14.1).
TEST_F(Samplers, CreateSamplerInvalidValue) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateSampler(context, CL_TRUE, 0x1234, CL_FILTER_NEAREST, &err), err,
                      CL_INVALID_VALUE, "CreateSamplerInvalidValue");
  EXPECT_RULE_ERRCODE(clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP, 0x1234, &err), err,
                      CL_INVALID_VALUE, "CreateSamplerInvalidValue");
  EXPECT_RULE_ERRCODE(clCreateSampler(context, 2, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err), err,
                      CL_INVALID_VALUE, "CreateSamplerInvalidValue");
  EXPECT_RULE_ERRCODE(clCreateSampler(context, CL_FALSE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST, &err),
                      err, CL_INVALID_VALUE, "CreateSamplerInvalidValue");
  EXPECT_RULE_ERRCODE(
      clCreateSampler(context, CL_FALSE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR, &err), err,
      CL_INVALID_VALUE, "CreateSamplerInvalidValue");
}

// §5.5.1: "CL_INVALID_OPERATION if images are not supported by any device associated with
// context". Every valid combination gets it, and no sampler.
TEST_F(Samplers, CreateSamplerNoImageSupport) {
  const cl_addressing_mode modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                      CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};
  for (cl_bool normalized : {CL_TRUE, CL_FALSE})
    for (cl_addressing_mode mode : modes)
      for (cl_filter_mode filter : {CL_FILTER_NEAREST, CL_FILTER_LINEAR}) {
        if (!normalized && (mode == CL_ADDRESS_REPEAT || mode == CL_ADDRESS_MIRRORED_REPEAT))
          continue;
        cl_int err;
        EXPECT_RULE_ERRCODE(clCreateSampler(context, normalized, mode, filter, &err), err,
                            CL_INVALID_OPERATION, "CreateSamplerNoImageSupport");
      }
  // errcode_ret may be NULL.
  EXPECT_EQ(clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, nullptr),
            nullptr);
}

// 2.2 §5.7.1: "CL_INVALID_CONTEXT if context is not a valid context."
TEST_F(Samplers, CreateSamplerWithPropertiesInvalidContext) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateSamplerWithProperties(released_context(), nullptr, &err), err,
                      CL_INVALID_CONTEXT, "CreateSamplerWithPropertiesInvalidContext");
}

// 2.2 §5.7.1: "CL_INVALID_VALUE if the property name in sampler_properties is not a supported
// property name, if the value specified for a supported property name is not valid, or if the
// same property name is specified more than once."
TEST_F(Samplers, CreateSamplerWithPropertiesInvalidProperty) {
  const cl_sampler_properties unknown[] = {0x7777, 1, 0};
  const cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                         CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
  const cl_sampler_properties bad_value[] = {CL_SAMPLER_ADDRESSING_MODE, 0x5555, 0};
  const cl_sampler_properties bad_bool[] = {CL_SAMPLER_NORMALIZED_COORDS, 7, 0};
  // Defaults combine with what is given: unnormalized coordinates with the default
  // CL_ADDRESS_CLAMP are fine, with CL_ADDRESS_REPEAT they are not.
  const cl_sampler_properties bad_combination[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                                   CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_REPEAT, 0};
  for (const cl_sampler_properties* props : {unknown, twice, bad_value, bad_bool, bad_combination}) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateSamplerWithProperties(context, props, &err), err, CL_INVALID_VALUE,
                        "CreateSamplerWithPropertiesInvalidProperty");
  }
}

// 2.2 §5.7.1: "CL_INVALID_OPERATION if images are not supported by any device associated with
// context", for a NULL list, an empty list and a full valid list.
TEST_F(Samplers, CreateSamplerWithPropertiesNoImageSupport) {
  const cl_sampler_properties empty[] = {0};
  const cl_sampler_properties full[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                        CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_CLAMP_TO_EDGE,
                                        CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  for (const cl_sampler_properties* props : {static_cast<const cl_sampler_properties*>(nullptr),
                                             empty, full}) {
    cl_int err;
    EXPECT_RULE_ERRCODE(clCreateSamplerWithProperties(context, props, &err), err,
                        CL_INVALID_OPERATION, "CreateSamplerWithPropertiesNoImageSupport");
  }
}

// §5.5.1: "CL_INVALID_SAMPLER if sampler is not a valid sampler object." (clRetainSampler,
// clReleaseSampler); §5.5.2 the same for clGetSamplerInfo, checked before its param_name.
TEST_F(Samplers, InvalidSamplerHandles) {
  EXPECT_RULE(clRetainSampler(not_a_sampler()), CL_INVALID_SAMPLER, "RetainSamplerInvalidSampler");
  EXPECT_RULE(clReleaseSampler(not_a_sampler()), CL_INVALID_SAMPLER,
              "ReleaseSamplerInvalidSampler");
  cl_uint count = 0;
  EXPECT_RULE(clGetSamplerInfo(not_a_sampler(), CL_SAMPLER_REFERENCE_COUNT, sizeof count, &count,
                               nullptr),
              CL_INVALID_SAMPLER, "GetSamplerInfoInvalidSampler");
  EXPECT_RULE(clGetSamplerInfo(not_a_sampler(), 0x7777, 0, nullptr, nullptr), CL_INVALID_SAMPLER,
              "GetSamplerInfoInvalidSampler");
  // The context passed as a sampler is untouched.
  cl_uint refs = 0;
  ASSERT_EQ(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(refs, 1u);
}

}  // namespace
}  // namespace clvet::test
