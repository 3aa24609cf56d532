// GoogleTest fixtures for API tests: the clvet platform reached through the real ICD loader,
// and one fixture per object family (clvk's tests/api style).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clvet/rules/opencl.h"

namespace clvet::test {

// The clvet platform through the loader (OCL_ICD_VENDORS points at the build's icd/ folder).
cl_platform_id clvet_platform();
cl_device_id clvet_device();

// The id of the rule the last failing call on this thread broke ("" if none), read through
// clvet's private extension function clvetLastRuleIdCLVET.
std::string last_rule();
void clear_last_rule();

std::string platform_string(cl_platform_id platform, cl_platform_info param);
std::string device_string(cl_device_id device, cl_device_info param);

// For the life of a test, the reference device answers as a device without images
// (CLVET_IMAGES=0): the clauses that read CL_DEVICE_IMAGE_SUPPORT = CL_FALSE stay provoked.
class WithoutImages {
 public:
  WithoutImages();
  ~WithoutImages();
  WithoutImages(const WithoutImages&) = delete;
  WithoutImages& operator=(const WithoutImages&) = delete;
};

class WithPlatform : public ::testing::Test {
 protected:
  void SetUp() override;
  // A context on the device, released at once: a handle that names no live context (clvet
  // quarantines it, so the loader can still read its dispatch pointer).
  cl_context released_context();
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
};

class WithContext : public WithPlatform {
 protected:
  void SetUp() override;
  void TearDown() override;
  // A queue of the context, released at once: a handle that names no live queue.
  cl_command_queue released_queue();
  cl_context context = nullptr;
};

class WithQueue : public WithContext {
 protected:
  void SetUp() override;
  void TearDown() override;
  cl_command_queue queue = nullptr;
};

}  // namespace clvet::test

// Expects `call` (returning cl_int) to fail with `code` because of rule `rule_id`.
#define EXPECT_RULE(call, code, rule_id)                 \
  do {                                                   \
    ::clvet::test::clear_last_rule();                    \
    EXPECT_EQ((call), (code)) << #call;                  \
    EXPECT_EQ(::clvet::test::last_rule(), (rule_id)) << #call; \
  } while (0)

// Expects an object-returning `call` to return NULL with `code` in the errcode variable `err`.
#define EXPECT_RULE_ERRCODE(call, err, code, rule_id)    \
  do {                                                   \
    ::clvet::test::clear_last_rule();                    \
    err = CL_SUCCESS;                                    \
    EXPECT_EQ((call), nullptr) << #call;                 \
    EXPECT_EQ(err, (code)) << #call;                     \
    EXPECT_EQ(::clvet::test::last_rule(), (rule_id)) << #call; \
  } while (0)
