// Kernels over shared virtual memory (OpenCL 2.2 §5.6, §5.9.2) against host computations, as
// written and with -cl-opt-disable: a linked list in a fine-grain allocation whose nodes point
// into a second allocation named by CL_KERNEL_EXEC_INFO_SVM_PTRS, walked by every work-item;
// a coarse-grain allocation mapped, written by the host, processed in place and mapped back;
// a pointer into the middle of an allocation as the argument. And the checkers: an access past
// an allocation's end names the allocation and its clSVMAlloc call; a coarse-grain allocation's
// bytes are uninitialised until a map for writing, an SVM copy or fill, a read of a buffer into
// it, or a kernel writes them; an allocation the kernel reaches but was not given is a finding.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "device_findings.h"
#include "reference_device.h"

namespace clvet::test {
namespace {

struct Node {
  cl_int value;
  cl_int pad;
  Node* next;  // an SVM pointer, as the kernel's `global struct node*`
};

const char* kSource = R"CLC(
typedef struct node { int value; int pad; global struct node* next; } node;

kernel void walk(global node* heads, global int* sums) {
  size_t i = get_global_id(0);
  int s = 0;
  for (global node* n = heads + i; n != 0; n = n->next) s += n->value;
  sums[i] = s;
}

kernel void square(global int* data) {
  size_t i = get_global_id(0);
  data[i] = data[i] * data[i];
}
)CLC";

// Enqueues `kernel` over `global` work-items in work-groups the device chooses.
cl_int enqueue(ReferenceDevice& dev, cl_kernel kernel, size_t global) {
  return clEnqueueNDRangeKernel(dev.queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr,
                                nullptr);
}

class SvmKernels : public testing::TestWithParam<const char*> {};

TEST_P(SvmKernels, LinkedListAcrossTwoAllocations) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel walk = dev.kernel(p, "walk");
  take_findings(dev.platform);
  constexpr int kHeads = 16, kTail = 8;
  auto* heads = static_cast<Node*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kHeads * sizeof(Node), 0));
  auto* tail = static_cast<Node*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kTail * sizeof(Node), 0));
  auto* sums = static_cast<cl_int*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kHeads * sizeof(cl_int), 0));
  ASSERT_TRUE(heads && tail && sums);
  // Head i links to tail node i % kTail, which links on to the tail's end.
  for (int t = 0; t < kTail; ++t) tail[t] = {100 * (t + 1), 0, t + 1 < kTail ? &tail[t + 1] : nullptr};
  for (int h = 0; h < kHeads; ++h) heads[h] = {h, 0, &tail[h % kTail]};
  for (int h = 0; h < kHeads; ++h) sums[h] = -1;
  void* indirect[1] = {tail};
  ASSERT_EQ(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof indirect, indirect),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(walk, 0, heads), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(walk, 1, sums), CL_SUCCESS);
  const size_t global = kHeads;
  ASSERT_EQ(enqueue(dev, walk, global), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  for (int h = 0; h < kHeads; ++h) {
    int want = h;
    for (const Node* n = heads[h].next; n != nullptr; n = n->next) want += n->value;
    EXPECT_EQ(sums[h], want) << "head " << h;
  }
  expect_no_finding(dev.platform);
  clSVMFree(dev.context, heads);
  clSVMFree(dev.context, tail);
  clSVMFree(dev.context, sums);
}

TEST_P(SvmKernels, CoarseGrainMappedWrittenAndReadBack) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel square = dev.kernel(p, "square");
  constexpr int kCount = 40;
  auto* data = static_cast<cl_int*>(clSVMAlloc(dev.context, CL_MEM_READ_WRITE, kCount * 4, 0));
  ASSERT_NE(data, nullptr);
  take_findings(dev.platform);
  ASSERT_EQ(clEnqueueSVMMap(dev.queue, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, data, kCount * 4,
                            0, nullptr, nullptr),
            CL_SUCCESS);
  for (int i = 0; i < kCount; ++i) data[i] = i - 20;
  ASSERT_EQ(clEnqueueSVMUnmap(dev.queue, data, 0, nullptr, nullptr), CL_SUCCESS);
  // The argument points 8 elements in: the kernel sees the rest of the allocation.
  ASSERT_EQ(clSetKernelArgSVMPointer(square, 0, data + 8), CL_SUCCESS);
  const size_t global = kCount - 8;
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMap(dev.queue, CL_TRUE, CL_MAP_READ, data, kCount * 4, 0, nullptr,
                            nullptr),
            CL_SUCCESS);
  for (int i = 0; i < kCount; ++i) {
    const int v = i - 20;
    EXPECT_EQ(data[i], i < 8 ? v : v * v) << i;
  }
  ASSERT_EQ(clEnqueueSVMUnmap(dev.queue, data, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  expect_no_finding(dev.platform);
  clSVMFree(dev.context, data);
}

TEST_P(SvmKernels, CheckersKnowTheAllocation) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel square = dev.kernel(p, "square");
  auto* data = static_cast<cl_int*>(clSVMAlloc(dev.context, CL_MEM_READ_WRITE, 16 * 4, 0));
  ASSERT_NE(data, nullptr);
  take_findings(dev.platform);
  // Nothing wrote the allocation: the squares are of uninitialised values, stored to it.
  ASSERT_EQ(clSetKernelArgSVMPointer(square, 0, data), CL_SUCCESS);
  size_t global = 16;
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  std::vector<nlohmann::json> findings = take_findings(dev.platform);
  for (const nlohmann::json& f : findings) EXPECT_EQ(f.value("kind", ""), "uninitialised") << f.dump();
  if (findings.size() != 1u)
    for (const nlohmann::json& f : findings) ADD_FAILURE() << f.dump();
  ASSERT_EQ(findings.size(), 1u);
  // A fill writes every byte (what that kernel stored was computed from uninitialised values,
  // and stays so): one element too many is now out of bounds and nothing else, each access of
  // the line naming the allocation and the call that made it.
  const cl_int zero = 0;
  ASSERT_EQ(clEnqueueSVMMemFill(dev.queue, data, &zero, sizeof zero, 16 * 4, 0, nullptr, nullptr),
            CL_SUCCESS);
  global = 17;
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  findings = take_findings(dev.platform);
  EXPECT_FALSE(findings.empty());
  for (const nlohmann::json& f : findings) {
    const std::string text = f.dump();
    EXPECT_EQ(f.value("kind", ""), "out-of-bounds") << text;
    EXPECT_NE(text.find("past the end of SVM allocation of 64 bytes"), std::string::npos) << text;
    EXPECT_NE(text.find("\"created_by\":\"clSVMAlloc (call #"), std::string::npos) << text;
  }
  clSVMFree(dev.context, data);
}

// 2.2 §5.9.2: "SVM pointers must reference locations contained entirely within buffers that are
// passed to kernel as arguments, or that are passed through the execution information": the
// linked list walked without naming the tail's allocation is a finding at the line that reads
// a tail node, naming that allocation (the walk still computes the host's sums); named, there
// is none; unset again by an empty list (size 0, NULL), the finding is back.
TEST_P(SvmKernels, AllocationReachedButNotNamed) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel walk = dev.kernel(p, "walk");
  constexpr int kHeads = 8, kTail = 4;
  auto* heads = static_cast<Node*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kHeads * sizeof(Node), 0));
  auto* tail = static_cast<Node*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kTail * sizeof(Node), 0));
  auto* sums = static_cast<cl_int*>(
      clSVMAlloc(dev.context, CL_MEM_SVM_FINE_GRAIN_BUFFER, kHeads * sizeof(cl_int), 0));
  ASSERT_TRUE(heads && tail && sums);
  for (int t = 0; t < kTail; ++t) tail[t] = {10 * (t + 1), 0, t + 1 < kTail ? &tail[t + 1] : nullptr};
  for (int h = 0; h < kHeads; ++h) heads[h] = {h, 0, &tail[h % kTail]};
  take_findings(dev.platform);
  ASSERT_EQ(clSetKernelArgSVMPointer(walk, 0, heads), CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(walk, 1, sums), CL_SUCCESS);
  const size_t global = kHeads;
  auto run_and_check = [&] {
    for (int h = 0; h < kHeads; ++h) sums[h] = -1;
    ASSERT_EQ(enqueue(dev, walk, global), CL_SUCCESS);
    ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
    for (int h = 0; h < kHeads; ++h) {
      int want = h;
      for (const Node* n = heads[h].next; n != nullptr; n = n->next) want += n->value;
      EXPECT_EQ(sums[h], want) << "head " << h;
    }
  };
  auto expect_not_named = [&] {
    std::vector<nlohmann::json> findings = take_findings(dev.platform);
    EXPECT_FALSE(findings.empty());
    for (const nlohmann::json& f : findings) {
      const std::string text = f.dump();
      EXPECT_EQ(f.value("kind", ""), "svm-not-named") << text;
      EXPECT_NE(text.find("SVM allocation of " + std::to_string(kTail * sizeof(Node)) + " bytes"),
                std::string::npos)
          << text;
      EXPECT_NE(text.find("5.9.2"), std::string::npos) << text;
    }
  };
  run_and_check();
  expect_not_named();
  void* indirect[1] = {&tail[2]};  // a pointer into the allocation names all of it
  ASSERT_EQ(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof indirect, indirect),
            CL_SUCCESS);
  run_and_check();
  expect_no_finding(dev.platform);
  ASSERT_EQ(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, 0, nullptr), CL_SUCCESS);
  run_and_check();
  expect_not_named();
  clSVMFree(dev.context, heads);
  clSVMFree(dev.context, tail);
  clSVMFree(dev.context, sums);
}

// clEnqueueReadBuffer into a coarse-grain SVM allocation writes its bytes as the buffer's were
// (2.2 §5.2.2 reads the buffer into ptr; §5.6.2: the host's writes to coarse-grain SVM are
// known to the device at synchronisation points): squared in place afterwards, the buffer's
// written bytes give no uninitialised finding and the host's squares; a buffer nothing wrote,
// read in, gives its uninitialised bytes to the allocation.
TEST_P(SvmKernels, ReadBufferIntoCoarseGrainAllocation) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel square = dev.kernel(p, "square");
  constexpr int kCount = 32;
  auto* data = static_cast<cl_int*>(clSVMAlloc(dev.context, CL_MEM_READ_WRITE, kCount * 4, 0));
  ASSERT_NE(data, nullptr);
  std::vector<cl_int> host(kCount);
  for (int i = 0; i < kCount; ++i) host[i] = 3 * i - 40;
  cl_int err = CL_SUCCESS;
  cl_mem written = clCreateBuffer(dev.context, CL_MEM_COPY_HOST_PTR, kCount * 4, host.data(), &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem unwritten = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, kCount * 4, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  take_findings(dev.platform);
  ASSERT_EQ(clEnqueueReadBuffer(dev.queue, written, CL_TRUE, 0, kCount * 4, data, 0, nullptr,
                                nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(square, 0, data), CL_SUCCESS);
  const size_t global = kCount;
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMap(dev.queue, CL_TRUE, CL_MAP_READ, data, kCount * 4, 0, nullptr,
                            nullptr),
            CL_SUCCESS);
  for (int i = 0; i < kCount; ++i) EXPECT_EQ(data[i], host[i] * host[i]) << i;
  ASSERT_EQ(clEnqueueSVMUnmap(dev.queue, data, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  expect_no_finding(dev.platform);
  // The second half from a buffer nothing wrote: its bytes are uninitialised in the allocation.
  ASSERT_EQ(clEnqueueReadBuffer(dev.queue, unwritten, CL_TRUE, 0, kCount * 2, data + kCount / 2,
                                0, nullptr, nullptr),
            CL_SUCCESS);
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  std::vector<nlohmann::json> findings = take_findings(dev.platform);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].value("kind", ""), "uninitialised") << findings[0].dump();
  clReleaseMemObject(written);
  clReleaseMemObject(unwritten);
  clSVMFree(dev.context, data);
}

// clEnqueueReadBufferRect into a coarse-grain SVM allocation (2.2 §5.2.3) does the same row by
// row: 4 rows of 8 ints from the middle of a buffer of 4 rows of 12 (origin 4 ints in) fill the
// allocation, and squared there they give the host's squares and no finding; two rows of a
// buffer nothing wrote, read into the last two rows, are the uninitialised values squared.
TEST_P(SvmKernels, ReadBufferRectIntoCoarseGrainAllocation) {
  ReferenceDevice dev;
  ASSERT_TRUE(dev.available());
  cl_program p = dev.build(kSource, GetParam());
  ASSERT_NE(p, nullptr);
  cl_kernel square = dev.kernel(p, "square");
  constexpr int kRows = 4, kWidth = 8, kBufferWidth = 12, kCount = kRows * kWidth;
  auto* data = static_cast<cl_int*>(clSVMAlloc(dev.context, CL_MEM_READ_WRITE, kCount * 4, 0));
  ASSERT_NE(data, nullptr);
  std::vector<cl_int> host(kRows * kBufferWidth);
  for (int i = 0; i < kRows * kBufferWidth; ++i) host[i] = 5 * i - 90;
  cl_int err = CL_SUCCESS;
  cl_mem written = clCreateBuffer(dev.context, CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data(),
                                  &err);
  ASSERT_EQ(err, CL_SUCCESS);
  cl_mem unwritten = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, host.size() * 4, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  take_findings(dev.platform);
  const size_t buffer_origin[3] = {4 * 4, 0, 0}, host_origin[3] = {0, 0, 0};
  const size_t region[3] = {kWidth * 4, kRows, 1};
  ASSERT_EQ(clEnqueueReadBufferRect(dev.queue, written, CL_TRUE, buffer_origin, host_origin,
                                    region, kBufferWidth * 4, 0, kWidth * 4, 0, data, 0, nullptr,
                                    nullptr),
            CL_SUCCESS);
  ASSERT_EQ(clSetKernelArgSVMPointer(square, 0, data), CL_SUCCESS);
  const size_t global = kCount;
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clEnqueueSVMMap(dev.queue, CL_TRUE, CL_MAP_READ, data, kCount * 4, 0, nullptr,
                            nullptr),
            CL_SUCCESS);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kWidth; ++c) {
      const cl_int v = host[r * kBufferWidth + 4 + c];
      EXPECT_EQ(data[r * kWidth + c], v * v) << r << ", " << c;
    }
  ASSERT_EQ(clEnqueueSVMUnmap(dev.queue, data, 0, nullptr, nullptr), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  expect_no_finding(dev.platform);
  const size_t last_rows[3] = {0, 2, 0}, two_rows[3] = {kWidth * 4, 2, 1};
  ASSERT_EQ(clEnqueueReadBufferRect(dev.queue, unwritten, CL_TRUE, buffer_origin, last_rows,
                                    two_rows, kBufferWidth * 4, 0, kWidth * 4, 0, data, 0, nullptr,
                                    nullptr),
            CL_SUCCESS);
  ASSERT_EQ(enqueue(dev, square, global), CL_SUCCESS);
  ASSERT_EQ(clFinish(dev.queue), CL_SUCCESS);
  std::vector<nlohmann::json> findings = take_findings(dev.platform);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].value("kind", ""), "uninitialised") << findings[0].dump();
  clReleaseMemObject(written);
  clReleaseMemObject(unwritten);
  clSVMFree(dev.context, data);
}

INSTANTIATE_TEST_SUITE_P(Builds, SvmKernels, testing::Values("", "-cl-opt-disable"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param).empty() ? "AsWritten" : "OptDisable";
                         });

}  // namespace
}  // namespace clvet::test
