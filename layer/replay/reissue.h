// What the generated re-issuers (replay_calls.gen.cpp) build on: one helper per parameter
// role that turns a recorded value into a live argument, and one per effect a call has on
// the replay's state (objects created, regions mapped, bytes read), so that the generator
// only picks the helper a parameter's role calls for.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/records.h"
#include "session.h"

namespace clvet::replay {

// A callback the application registered: replay replaces it by the recorded effects (the
// calls it made are in the trace with their own indices), so the target gets a function that
// does nothing.
template <typename F>
struct NoCallback;
template <typename R, typename... A>
struct NoCallback<R (*)(A...)> {
  static R CL_CALLBACK call(A...) {
    if constexpr (!std::is_void_v<R>) return R{};
  }
};

// One recorded call being re-issued on the target.
// NULL as the recorder wrote it: a Null value, or a pointer parameter recorded as address 0.
inline bool absent(const trace::Value& v) {
  return v.is_null() || (v.kind == trace::ValueKind::Pointer && v.number == 0);
}

class Reissue {
 public:
  Reissue(Session& session, const trace::Call& call) : s_(session), c_(call) {
    s_.scratch().reset();
    s_.forget_blobs_if_large();
  }

  const trace::Call& call() const { return c_; }
  Session& session() { return s_; }
  // False when an argument could not be rebuilt (said in the session's skipped list): the
  // call is not issued.
  bool ready() const { return ready_; }
  // The target's entry point, or nullptr (then said: the target lacks it).
  template <typename F>
  F function(std::uint32_t entry) {
    if (!extension_offered(entry)) return nullptr;
    void* f = s_.function(entry);
    if (f == nullptr) {
      unsupported("the target has no " + std::string(api::entry_points()[entry].name));
      return nullptr;
    }
    return reinterpret_cast<F>(f);
  }

  // --- Arguments, by role --------------------------------------------------------------------
  template <typename T>
  void scalar(T& out, std::size_t i) {
    const trace::Value& v = param(i);
    if constexpr (std::is_floating_point_v<T>)
      out = v.kind == trace::ValueKind::Float ? static_cast<T>(v.real) : static_cast<T>(v.number);
    else if constexpr (std::is_pointer_v<T>)
      out = reinterpret_cast<T>(static_cast<std::uintptr_t>(v.number));
    else
      out = static_cast<T>(v.number);
  }
  template <typename T>
  void handle(T& out, std::size_t i, api::ObjectKind kind) {
    out = static_cast<T>(live_handle(param(i), kind, i));
  }
  template <typename T>
  void handles(T*& out, std::size_t i, api::ObjectKind kind) {
    using E = std::remove_const_t<T>;
    const trace::Value& v = param(i);
    if (v.kind != trace::ValueKind::Array) {
      out = absent(v) ? nullptr : not_recorded<T>(i);
      return;
    }
    E* list = allocate<E>(v.items.size());
    for (std::size_t k = 0; k < v.items.size(); ++k)
      list[k] = static_cast<E>(live_handle(v.items[k], kind, i));
    out = list;
  }
  // A device list whose recorded devices share a device of the target names it once, and
  // its count shrinks to match (clCreateContext ignores duplicates, 1.2 §4.4; a build for a
  // device twice is a build for it once).
  template <typename T>
  cl_uint distinct(const T* list, cl_uint n) {
    auto* l = const_cast<std::remove_const_t<T>*>(list);
    if (l == nullptr) return n;
    cl_uint kept = 0;
    for (cl_uint k = 0; k < n; ++k)
      if (std::find(l, l + kept, l[k]) == l + kept) l[kept++] = l[k];
    return kept;
  }
  template <typename T>
  void elements(T*& out, std::size_t i) {
    using E = std::remove_const_t<T>;
    const trace::Value& v = param(i);
    if (v.kind != trace::ValueKind::Array) {
      out = absent(v) ? nullptr : not_recorded<T>(i);
      return;
    }
    E* list = allocate<E>(v.items.size());
    for (std::size_t k = 0; k < v.items.size(); ++k) {
      const trace::Value& item = v.items[k];
      if constexpr (std::is_pointer_v<E>)  // SVM pointers: addresses of the recording process
        list[k] = static_cast<E>(svm_address(item.number));
      else if constexpr (std::is_floating_point_v<E>)
        list[k] = static_cast<E>(item.real);
      else if constexpr (std::is_arithmetic_v<E>)
        list[k] = static_cast<E>(item.number);
      else if (item.kind == trace::ValueKind::Bytes && item.bytes.size() == sizeof(E))
        std::memcpy(&list[k], item.bytes.data(), sizeof(E));
    }
    out = list;
  }
  void string(const char*& out, std::size_t i) {
    const trace::Value& v = param(i);
    out = v.kind == trace::ValueKind::String ? v.bytes.c_str() : nullptr;
  }
  // Sources (`lengths` replaced by the recorded strings' own lengths).
  void strings(const char**& out, std::size_t i, const size_t*& lengths);
  void binaries(const unsigned char**& out, std::size_t i, const size_t*& lengths);
  // One struct of type S (the table's `family`) passed as a `const T*` (T may be void).
  template <typename S, typename T>
  void structure(const T*& out, std::size_t i) {
    const std::string* bytes = data(param(i));
    if (bytes == nullptr) {
      out = absent(param(i)) ? nullptr : not_recorded<const T>(i);
      return;
    }
    S* s = allocate<S>(1);
    std::memcpy(s, bytes->data(), bytes->size() < sizeof(S) ? bytes->size() : sizeof(S));
    if constexpr (std::is_same_v<S, cl_image_desc>) s->buffer = static_cast<cl_mem>(described_object(s->buffer, i));
    out = s;
  }
  template <typename T>
  void properties(const T*& out, std::size_t i) {
    const trace::Value& v = param(i);
    if (v.kind != trace::ValueKind::Properties) {
      out = nullptr;
      return;
    }
    T* list = allocate<T>(v.items.size() + 1);
    for (std::size_t k = 0; k + 1 < v.items.size(); k += 2) {
      list[k] = static_cast<T>(v.items[k].number);
      list[k + 1] = static_cast<T>(s_.live_property(v.items[k].number, v.items[k + 1].number));
    }
    list[v.items.size()] = 0;
    out = list;
  }
  // NULL where the application passed NULL, and for builds (which then complete before
  // they return, as the application's notification said they had when it went on).
  template <typename T>
  void callback(T& out, std::size_t i) {
    out = absent(param(i)) || building() ? nullptr : &NoCallback<T>::call;
  }
  void user_data(void*& out) { out = nullptr; }
  // Host bytes the call reads: the recorded input, or `size` zero bytes for a trace without
  // data. Kept until the command completes when the call does not block.
  void host_in(const void*& out, std::size_t i, std::size_t size);
  void host_in(void*& out, std::size_t i, std::size_t size) {
    const void* in = nullptr;
    host_in(in, i, size);
    out = const_cast<void*>(in);
  }
  // Host bytes the call writes: room of `size` bytes, compared with the recorded output
  // after the call (read_back).
  void host_out(void*& out, std::size_t i, std::size_t size);
  // A memory object's host_ptr: the recorded bytes (COPY_HOST_PTR), or memory that lives as
  // long as the object (USE_HOST_PTR), its address mapped to the recorded one.
  void host_ptr(void*& out, std::size_t i, std::uint64_t flags, std::size_t size);
  // A pointer into a mapped region or an SVM allocation; the bytes recorded as its input
  // (what the host wrote into a region before unmapping it) are written there first.
  template <typename T>
  void mapped(T& out, std::size_t i) {
    out = static_cast<T>(mapped_address(i));
  }
  // An SVM copy's source (`read`) or destination: inside an allocation or a mapped region,
  // its live address; elsewhere host memory of `size` bytes: the recorded source bytes, or
  // room for what the copy writes (compared by host_read_back).
  template <typename T>
  void mapped_or_host(T& out, std::size_t i, std::size_t size, bool read) {
    out = static_cast<T>(mapped_or_host_address(i, size, read));
  }
  // clSetKernelArg's value: a handle (memory object, sampler, queue) mapped to its live
  // object, or the recorded bytes.
  void kernel_argument(const void*& out, std::size_t i, std::size_t size);
  template <typename T>
  void output(T*& out, std::size_t i, std::size_t count = 1) {
    using E = std::conditional_t<std::is_void_v<T>, std::max_align_t, std::remove_const_t<T>>;
    out = absent(param(i)) ? nullptr : allocate<E>(count == 0 ? 1 : count);
  }
  void errcode(cl_int*& out) { out = allocate<cl_int>(1); }
  // An info query's room for its answer: `size` bytes when the application gave room.
  void info_output(void*& out, std::size_t i, std::size_t size) {
    out = absent(param(i)) || size == 0 ? nullptr : allocate<std::max_align_t>(size / sizeof(std::max_align_t) + 1);
  }
  // A struct the table does not describe: only NULL can be rebuilt.
  template <typename T>
  void unknown(T& out, std::size_t i) {
    out = nullptr;
    if (!absent(param(i))) not_rebuilt(i, "its type is not described in the API table");
  }
  // A blocking flag the call carries (reads and writes): whether the command completes
  // before the call returns, so that host memory can be let go of.
  void blocking(cl_bool flag) { blocking_ = flag != CL_FALSE; }
  void queue(cl_command_queue q) { queue_ = q; }

  // --- Results and effects -------------------------------------------------------------------
  // The call returned `error` (ErrorCode entries) or `error` with `result` (object-returning
  // ones): compared with the recorded code; a call that succeeded when recorded and fails
  // now stops the replay.
  void returned(cl_int error);
  void created(void* object, cl_int error, api::ObjectKind kind);
  // A map's or clSVMAlloc's pointer: the recorded address mapped to the live one, for `size`
  // bytes (0: unknown, the base only).
  void mapped_region(void* live, cl_int error, std::size_t size, cl_mem memobj, std::uint64_t flags);
  // clEnqueueMapImage's pointer: the region at the pitches the target returned.
  void mapped_image(void* live, cl_int error, cl_mem image, const size_t* origin, const size_t* region,
                    const size_t* row_pitch, const size_t* slice_pitch, std::uint64_t flags);
  void unmapped(void* live);
  void svm_freed(void* live);
  // clEnqueueSVMMap: a region mapped for reading against what the application found there.
  void svm_mapped(const void* live, std::size_t size, std::uint64_t flags);
  // An SVM copy into host memory (parameter `i`): the bytes against the recorded ones.
  void host_read_back(const void* live, std::size_t i, std::size_t size);
  // A launch: what the host had written into fine-grain SVM allocations before it (the
  // launch's Input trace::kSharedMemoryParam), written into the live ones.
  void shared_memory_written();
  // clFinish, clWaitForEvents: the live fine-grain SVM allocations against what the host
  // found in them (the call's Output trace::kSharedMemoryParam).
  void shared_memory_read();
  bool succeeded() const { return error_ == CL_SUCCESS; }
  // Objects the call wrote through an output parameter.
  template <typename T>
  void bind(T* out, std::size_t i, api::ObjectKind kind) {
    if (out != nullptr) bind_one(recorded_output(i), *out, kind);
  }
  template <typename T>
  void bind_list(T* out, std::size_t i, std::size_t count, api::ObjectKind kind) {
    const trace::Value* v = recorded_output(i);
    if (out == nullptr || v == nullptr || v->kind != trace::ValueKind::Array) return;
    for (std::size_t k = 0; k < v->items.size() && k < count; ++k) bind_one(&v->items[k], out[k], kind);
  }
  // clGetPlatformIDs and clGetDeviceIDs: the recorded platforms and devices are the
  // selected ones (Session::device_for); nothing is issued.
  void selected() {}
  // Bytes the application read (ptr of a read): compared with the recorded ones.
  void read_back(const void* bytes, std::size_t i, std::size_t size, cl_mem object, std::size_t object_param);
  // clEnqueueReadImage's pixels (ptr, parameter `i`, at the call's pitches): compared with
  // the recorded ones.
  void image_read_back(const void* bytes, std::size_t i, cl_mem image, const size_t* origin, const size_t* region,
                       size_t row_pitch, size_t slice_pitch);
  // An info query's answer: compared with the recorded one when it does not depend on the
  // platform.
  void answered(std::uint32_t param_name, const void* value, std::size_t size, std::size_t i);
  // clSetKernelArg and launches: which buffers a kernel has, which launch wrote them last.
  void argument_set(cl_uint index);
  void launched();
  // A build that fails on the target: its log in the stop reason.
  void built(cl_program program);
  // A program that uses double on a target without cl_khr_fp64: unsupported.
  void check_program(cl_program program);
  // An SVM allocation the target's device cannot make (no SVM, or not of the kind `flags`
  // ask for): unsupported, and what later uses its memory with it.
  void check_svm(cl_svm_mem_flags flags, std::size_t size);
  // clWaitForEvents: the reads whose events parameter `i` lists are complete.
  void waited(std::size_t i);
  // clFinish: the host memory of the queue's commands can go.
  void finished(cl_command_queue queue);
  // An entry point this build cannot re-issue (unknown to its table, or without prototype).
  void not_replayable();
  // An image format the target's clGetSupportedImageFormats does not list for the image's
  // type (from `desc`, or the entry point: clCreateImage2D, clCreateImage3D) and kernel access:
  // unsupported, before the image is created; nothing when the recorded call failed.
  void check_image_format(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                          const cl_image_desc* desc);
  // A launch's work-group larger than the target allows: unsupported, before it is issued.
  void check_work_group(cl_kernel kernel, cl_uint work_dim, const size_t* local);

  // Zeroed room for `n` elements, until the next call is re-issued.
  template <typename E>
  E* allocate(std::size_t n) {
    return static_cast<E*>(s_.scratch().allocate(n * sizeof(E), alignof(E)));
  }

 private:
  const trace::Value& param(std::size_t i) const;
  bool building() const;
  bool partitions() const;  // clCreateSubDevices
  bool query() const;  // a clGet*Info call: it has an info answer
  const trace::Value* recorded_input(std::size_t i) const;
  const trace::Value* recorded_output(std::size_t i) const;
  // The bytes of a Bytes, String or Blob value; nullptr when there are none.
  const std::string* data(const trace::Value& v);
  void* live_handle(const trace::Value& v, api::ObjectKind kind, std::size_t i);
  // The live object a struct names (cl_image_desc's mem_object), from the handle the recorder
  // kept as the parameter's Input; `recorded` is the address the struct's bytes hold.
  void* described_object(const void* recorded, std::size_t i);
  void* mapped_address(std::size_t i);
  void* mapped_or_host_address(std::size_t i, std::size_t size, bool read);
  // Whether the target's platform or device offers the extension an entry point belongs to
  // (core ones: yes); unsupported when not.
  bool extension_offered(std::uint32_t entry);
  // A recorded SVM address's live one; nullptr, and the call unsupported, inside an allocation
  // the replay skipped.
  void* svm_address(std::uint64_t recorded);
  void bind_one(const trace::Value* recorded, void* live, api::ObjectKind kind);
  template <typename T>
  T* not_recorded(std::size_t i) {
    not_rebuilt(i, "its value is not in the trace (recorded without data)");
    return nullptr;
  }
  void not_rebuilt(std::size_t i, const std::string& why);
  void* from_source(cl_int error);
  void compare_when_complete(const std::string& recorded, const void* live, std::size_t size,
                             trace::Handle object, const std::optional<Session::Pixels>& image = std::nullopt);
  // Where the pixels of `region` at `origin` of the live `image` lie at the pitches given
  // (0: packed); nullopt when the target does not describe the image.
  std::optional<Session::Pixels> pixels(cl_mem image, const size_t* origin, const size_t* region,
                                        size_t row_pitch, size_t slice_pitch);
  void unsupported(const std::string& what);
  // Keeps `bytes` alive until the call's command completes (a call that does not block).
  const void* keep(std::string bytes);

  Session& s_;
  const trace::Call& c_;
  bool ready_ = true;
  bool blocking_ = true;
  cl_command_queue queue_ = nullptr;
  cl_int error_ = CL_SUCCESS;
  trace::Handle argument_object_;  // clSetKernelArg: the memory object it sets, if any
};

// Generated: re-issues one recorded call by its entry point (the reader's entry index).
void reissue(Reissue& r, std::uint32_t entry);

}  // namespace clvet::replay
