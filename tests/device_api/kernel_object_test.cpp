// Kernel objects of built programs (1.2 §5.7): creating them, clSetKernelArg's checks against
// the kernel's parameters, and the kernel queries (tables 5.15-5.17).
#include <cstring>
#include <string>
#include <vector>

#include "fixtures.h"

namespace clvet::test {
namespace {

const char* kSource = R"(
typedef struct { int a; double b; } S;
kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void first(global float* out, constant int* table, local float* scratch, float3 v, S s,
           sampler_t sampler) {
  local int shared[16];
  shared[get_local_id(0)] = table[0] + s.a;
  out[get_global_id(0)] = v.x + scratch[0] + shared[0];
}
kernel void second(global int* p) { p[0] = 2; }
)";

class KernelObjects : public WithQueue {
 protected:
  void SetUp() override {
    WithQueue::SetUp();
    program = build("-cl-kernel-arg-info");
    cl_int err;
    kernel = clCreateKernel(program, "first", &err);
    ASSERT_EQ(err, CL_SUCCESS);
  }
  void TearDown() override {
    if (kernel) clReleaseKernel(kernel);
    if (program) clReleaseProgram(program);
    WithQueue::TearDown();
  }
  cl_program build(const char* options) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &kSource, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(p, 0, nullptr, options, nullptr, nullptr), CL_SUCCESS);
    return p;
  }
  cl_mem buffer(cl_context c) {
    cl_int err;
    cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return m;
  }
  std::string arg_string(cl_kernel k, cl_uint index, cl_kernel_arg_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetKernelArgInfo(k, index, param, 0, nullptr, &size), CL_SUCCESS);
    std::string s(size, '\0');
    EXPECT_EQ(clGetKernelArgInfo(k, index, param, size, s.data(), nullptr), CL_SUCCESS);
    if (!s.empty()) s.pop_back();
    return s;
  }
  cl_program program = nullptr;
  cl_kernel kernel = nullptr;
};

// §5.7.1: CL_INVALID_KERNEL_NAME; clCreateKernelsInProgram: CL_INVALID_VALUE when num_kernels
// is less than the number of kernels.
TEST_F(KernelObjects, CreateKernelErrors_5_7_1) {
  cl_int err;
  EXPECT_RULE_ERRCODE(clCreateKernel(program, "third", &err), err, CL_INVALID_KERNEL_NAME,
                      "CreateKernelNameNotFound");
  cl_uint n = 0;
  EXPECT_EQ(clCreateKernelsInProgram(program, 0, nullptr, &n), CL_SUCCESS);
  EXPECT_EQ(n, 2u);
  cl_kernel kernels[2] = {};
  EXPECT_RULE(clCreateKernelsInProgram(program, 1, kernels, nullptr), CL_INVALID_VALUE,
              "CreateKernelsInProgramTooFewEntries");
  EXPECT_EQ(clCreateKernelsInProgram(program, 2, kernels, nullptr), CL_SUCCESS);
  for (cl_kernel k : kernels) clReleaseKernel(k);
}

// §5.7.2: every check of clSetKernelArg against the parameter it sets.
TEST_F(KernelObjects, SetKernelArgChecks_5_7_2) {
  cl_mem mem = buffer(context);
  EXPECT_EQ(clSetKernelArg(kernel, 0, sizeof mem, &mem), CL_SUCCESS);
  // "If the argument is a buffer object, the arg_value pointer can be NULL or point to a NULL
  // value in which case a NULL value will be used as the value for the argument".
  EXPECT_EQ(clSetKernelArg(kernel, 1, sizeof(cl_mem), nullptr), CL_SUCCESS);
  EXPECT_RULE(clSetKernelArg(kernel, 6, sizeof mem, &mem), CL_INVALID_ARG_INDEX,
              "SetKernelArgBadIndex");
  EXPECT_RULE(clSetKernelArg(kernel, 0, 4, &mem), CL_INVALID_ARG_SIZE, "SetKernelArgBadSize");
  cl_mem not_mem = reinterpret_cast<cl_mem>(queue);
  EXPECT_RULE(clSetKernelArg(kernel, 0, sizeof not_mem, &not_mem), CL_INVALID_MEM_OBJECT,
              "SetKernelArgInvalidMemObject");
  cl_int err;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  cl_mem foreign = buffer(other);
  EXPECT_RULE(clSetKernelArg(kernel, 0, sizeof foreign, &foreign), CL_INVALID_CONTEXT,
              "SetKernelArgContextDiffers");
  // __local: a size and no value.
  EXPECT_EQ(clSetKernelArg(kernel, 2, 256, nullptr), CL_SUCCESS);
  EXPECT_RULE(clSetKernelArg(kernel, 2, 0, nullptr), CL_INVALID_ARG_SIZE, "SetKernelArgBadSize");
  EXPECT_RULE(clSetKernelArg(kernel, 2, 4, &mem), CL_INVALID_ARG_VALUE, "SetKernelArgBadValue");
  // By value: float3 takes 16 bytes, the struct its own size (with padding).
  float v[4] = {1, 2, 3, 0};
  EXPECT_EQ(clSetKernelArg(kernel, 3, sizeof v, v), CL_SUCCESS);
  EXPECT_RULE(clSetKernelArg(kernel, 3, 12, v), CL_INVALID_ARG_SIZE, "SetKernelArgBadSize");
  EXPECT_RULE(clSetKernelArg(kernel, 3, sizeof v, nullptr), CL_INVALID_ARG_VALUE,
              "SetKernelArgBadValue");
  struct { cl_int a; cl_double b; } s{};
  EXPECT_EQ(clSetKernelArg(kernel, 4, sizeof s, &s), CL_SUCCESS);
  cl_sampler not_sampler = reinterpret_cast<cl_sampler>(queue);
  EXPECT_RULE(clSetKernelArg(kernel, 5, sizeof not_sampler, &not_sampler), CL_INVALID_SAMPLER,
              "SetKernelArgInvalidSampler");
  clReleaseMemObject(foreign);
  clReleaseContext(other);
  clReleaseMemObject(mem);
}

// §5.7.3 table 5.15-5.16: the kernel's attributes, work-group size and __local memory.
TEST_F(KernelObjects, KernelAndWorkGroupInfo_5_7_3) {
  size_t size = 0;
  ASSERT_EQ(clGetKernelInfo(kernel, CL_KERNEL_ATTRIBUTES, 0, nullptr, &size), CL_SUCCESS);
  std::string attributes(size, '\0');
  ASSERT_EQ(clGetKernelInfo(kernel, CL_KERNEL_ATTRIBUTES, size, attributes.data(), nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(attributes.c_str(), "reqd_work_group_size(8,1,1)");
  cl_uint args = 0;
  EXPECT_EQ(clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof args, &args, nullptr), CL_SUCCESS);
  EXPECT_EQ(args, 6u);
  EXPECT_RULE(clGetKernelInfo(kernel, 0x7fff, sizeof args, &args, nullptr), CL_INVALID_VALUE,
              "GetKernelInfoBadParam");
  size_t wg[3] = {};
  EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof wg,
                                     wg, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(wg[0], 8u);
  EXPECT_EQ(wg[1], 1u);
  size_t max = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof max, &max,
                                     nullptr),
            CL_SUCCESS);
  EXPECT_EQ(max, 8u);
  // 2.2 §5.9.4 (Kernel Object Queries): the multiple of the work-group size the kernel prefers,
  // a performance hint, here no larger than its work-group size (8, below the device's 16).
  size_t multiple = 0, device_multiple = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof multiple, &multiple, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                            sizeof device_multiple, &device_multiple, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(device_multiple, 16u);
  EXPECT_EQ(multiple, 8u);
  cl_ulong local = 0;
  EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local,
                                     &local, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(local, 16u * 4);
  ASSERT_EQ(clSetKernelArg(kernel, 2, 100, nullptr), CL_SUCCESS);
  EXPECT_EQ(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local,
                                     &local, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(local, 16u * 4 + 100);
  EXPECT_RULE(clGetKernelWorkGroupInfo(kernel, device, 0x7fff, sizeof local, &local, nullptr),
              CL_INVALID_VALUE, "GetKernelWorkGroupInfoBadParam");
  // Only for custom devices or built-in kernels.
  EXPECT_RULE(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof wg, wg,
                                       nullptr),
              CL_INVALID_VALUE, "GetKernelWorkGroupInfoGlobalWorkSize");
  cl_device_id not_device = reinterpret_cast<cl_device_id>(context);
  EXPECT_RULE(clGetKernelWorkGroupInfo(kernel, not_device, CL_KERNEL_WORK_GROUP_SIZE, sizeof max,
                                       &max, nullptr),
              CL_INVALID_DEVICE, "GetKernelWorkGroupInfoInvalidDevice");
}

// §5.8: CL_OUT_OF_RESOURCES when the kernel's __local memory exceeds CL_DEVICE_LOCAL_MEM_SIZE
// ("insufficient resources such as ... local memory"); exactly the device's size runs.
TEST_F(KernelObjects, LocalMemoryBeyondTheDevice_5_8) {
  const char* source =
      "kernel void tile(global int* out, local int* scratch) {\n"
      "  scratch[get_local_id(0)] = (int)get_local_id(0);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  out[get_global_id(0)] = scratch[0];\n"
      "}\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(p, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "tile", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_ulong device_local = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof device_local, &device_local,
                            nullptr),
            CL_SUCCESS);
  cl_mem out = buffer(context);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
  const size_t global = 4, local = 4;
  ASSERT_EQ(clSetKernelArg(k, 1, device_local + 4, nullptr), CL_SUCCESS);
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_OUT_OF_RESOURCES, "EnqueueNDRangeKernelKernelOutOfResources");
  EXPECT_RULE(clEnqueueTask(queue, k, 0, nullptr, nullptr), CL_OUT_OF_RESOURCES,
              "EnqueueTaskKernelOutOfResources");
  ASSERT_EQ(clSetKernelArg(k, 1, device_local, nullptr), CL_SUCCESS);
  EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(clFinish(queue), CL_SUCCESS);
  clReleaseMemObject(out);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

// §5.7.3 table 5.17: argument information with -cl-kernel-arg-info, not without.
TEST_F(KernelObjects, ArgInfo_5_7_3) {
  EXPECT_EQ(arg_string(kernel, 0, CL_KERNEL_ARG_NAME), "out");
  EXPECT_EQ(arg_string(kernel, 0, CL_KERNEL_ARG_TYPE_NAME), "float*");
  EXPECT_EQ(arg_string(kernel, 3, CL_KERNEL_ARG_TYPE_NAME), "float3");
  cl_kernel_arg_address_qualifier address = 0;
  EXPECT_EQ(clGetKernelArgInfo(kernel, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address,
                               &address, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(address, static_cast<cl_kernel_arg_address_qualifier>(CL_KERNEL_ARG_ADDRESS_CONSTANT));
  // Each argument's address space, and a pointer to __constant memory is const (§5.9.4).
  const cl_kernel_arg_address_qualifier spaces[4] = {
      CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL,
      CL_KERNEL_ARG_ADDRESS_PRIVATE};
  for (cl_uint i = 0; i < 4; ++i) {
    ASSERT_EQ(clGetKernelArgInfo(kernel, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address,
                                 &address, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(address, spaces[i]) << "argument " << i;
  }
  cl_kernel_arg_type_qualifier qualifier = 0;
  ASSERT_EQ(clGetKernelArgInfo(kernel, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof qualifier,
                               &qualifier, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(qualifier, static_cast<cl_kernel_arg_type_qualifier>(CL_KERNEL_ARG_TYPE_CONST));
  cl_kernel_arg_access_qualifier access = 0;
  ASSERT_EQ(clGetKernelArgInfo(kernel, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access,
                               nullptr),
            CL_SUCCESS);
  EXPECT_EQ(access, static_cast<cl_kernel_arg_access_qualifier>(CL_KERNEL_ARG_ACCESS_NONE));
  EXPECT_RULE(clGetKernelArgInfo(kernel, 6, CL_KERNEL_ARG_NAME, 0, nullptr, nullptr),
              CL_INVALID_ARG_INDEX, "GetKernelArgInfoBadIndex");
  EXPECT_RULE(clGetKernelArgInfo(kernel, 0, 0x7fff, 0, nullptr, nullptr), CL_INVALID_VALUE,
              "GetKernelArgInfoBadParam");
  cl_program plain = build(nullptr);
  cl_int err;
  cl_kernel k = clCreateKernel(plain, "second", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  EXPECT_RULE(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 0, nullptr, nullptr),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "GetKernelArgInfoNotAvailable");
  // 2.1 §5.9.1 clCloneKernel: the same function and arguments, its own reference count.
  cl_mem mem = buffer(context);
  ASSERT_EQ(clSetKernelArg(k, 0, sizeof mem, &mem), CL_SUCCESS);
  cl_kernel clone = clCloneKernel(k, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  char name[16] = {};
  EXPECT_EQ(clGetKernelInfo(clone, CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr),
            CL_SUCCESS);
  EXPECT_STREQ(name, "second");
  clReleaseKernel(clone);
  clReleaseKernel(k);
  clReleaseMemObject(mem);
  clReleaseProgram(plain);
}

// 2.2 §5.9.2 clSetKernelExecInfo on a device with buffer SVM and no fine-grain system SVM:
// CL_KERNEL_EXEC_INFO_SVM_PTRS takes a list, and an empty one (size 0, NULL) unsets it (3.0's
// exec info table; the CTS's svm_set_kernel_exec_info_svm_ptrs);
// CL_INVALID_VALUE for an unknown param_name, a size that is no list of pointers or a NULL list
// of a non-zero size, and
// CL_INVALID_OPERATION for fine-grain system SVM asked for where no device has it.
TEST_F(KernelObjects, ExecInfo_5_9_2) {
  cl_device_svm_capabilities svm = 0;
  ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(svm & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM, 0u);
  void* a = clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0);
  ASSERT_NE(a, nullptr);
  void* pointers[2] = {a, static_cast<char*>(a) + 16};
  EXPECT_EQ(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof pointers, pointers),
            CL_SUCCESS);
  EXPECT_EQ(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr), CL_SUCCESS);
  EXPECT_RULE(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, 3, pointers),
              CL_INVALID_VALUE, "SetKernelExecInfoBadParam");
  EXPECT_RULE(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof pointers, nullptr),
              CL_INVALID_VALUE, "SetKernelExecInfoBadParam");
  EXPECT_RULE(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                  sizeof(cl_bool), nullptr),
              CL_INVALID_VALUE, "SetKernelExecInfoBadParam");
  EXPECT_RULE(clSetKernelExecInfo(kernel, 0x7777, sizeof pointers, pointers), CL_INVALID_VALUE,
              "SetKernelExecInfoBadParam");
  cl_bool yes = CL_TRUE, no = CL_FALSE;
  EXPECT_RULE(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof yes,
                                  &yes),
              CL_INVALID_OPERATION, "SetKernelExecInfoFineGrainSystemUnsupported");
  EXPECT_EQ(clSetKernelExecInfo(kernel, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM, sizeof no, &no),
            CL_SUCCESS);
  clSVMFree(context, a);
}

// 2.2 §5.9.2 clSetKernelArgSVMPointer: an index past the kernel's arguments, an argument that
// is no pointer to global or constant memory, a pointer in no SVM allocation of the context
// (without fine-grain system SVM no valid value); and 2.2 §5.10: an allocation freed after it
// was set leaves a system pointer, which the launch refuses.
TEST_F(KernelObjects, SetKernelArgSVMPointer_5_9_2) {
  cl_int err = CL_SUCCESS;
  cl_kernel second = clCreateKernel(program, "second", &err);
  ASSERT_EQ(err, CL_SUCCESS);
  int* a = static_cast<int*>(clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0));
  ASSERT_NE(a, nullptr);
  EXPECT_RULE(clSetKernelArgSVMPointer(second, 1, a), CL_INVALID_ARG_INDEX,
              "SetKernelArgSVMPointerBadIndex");
  EXPECT_RULE(clSetKernelArgSVMPointer(kernel, 3, a), CL_INVALID_ARG_VALUE,
              "SetKernelArgSVMPointerBadValue");
  int host[4] = {};
  EXPECT_RULE(clSetKernelArgSVMPointer(second, 0, host), CL_INVALID_ARG_VALUE,
              "SetKernelArgSVMPointerBadValue");
  void* doomed = clSVMAlloc(context, CL_MEM_READ_WRITE, 64, 0);
  ASSERT_NE(doomed, nullptr);
  ASSERT_EQ(clSetKernelArgSVMPointer(second, 0, doomed), CL_SUCCESS);
  clSVMFree(context, doomed);
  size_t one = 1;
  EXPECT_RULE(clEnqueueNDRangeKernel(queue, second, 1, nullptr, &one, nullptr, 0, nullptr,
                                     nullptr),
              CL_INVALID_OPERATION, "EnqueueNDRangeKernelSVMUnsupported");
  EXPECT_RULE(clEnqueueTask(queue, second, 0, nullptr, nullptr), CL_INVALID_OPERATION,
              "EnqueueTaskSVMUnsupported");
  // Inside the allocation (not at its start) it runs, and writes there.
  ASSERT_EQ(clSetKernelArgSVMPointer(second, 0, a + 3), CL_SUCCESS);
  ASSERT_EQ(clEnqueueNDRangeKernel(queue, second, 1, nullptr, &one, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMap(queue, CL_TRUE, CL_MAP_READ, a, 64, 0, nullptr, nullptr), CL_SUCCESS);
  EXPECT_EQ(a[3], 2);
  ASSERT_EQ(clEnqueueSVMUnmap(queue, a, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  EXPECT_EQ(host[0], 0);
  clReleaseKernel(second);
  clSVMFree(context, a);
}

}  // namespace
}  // namespace clvet::test
