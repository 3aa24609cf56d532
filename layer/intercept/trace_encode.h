// What the generated trace encoders (trace_encoders.gen.cpp) build on: one helper per kind
// of parameter, so that the generator only picks the helper a parameter's role calls for.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "clvet/rules/api.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/raw_encoder.h"
#include "clvet/trace/writer.h"
#include "objects.h"

namespace clvet::layer {

// One call being encoded, through a CallEncoder (a buffer) or a RawEncoder (straight into
// the thread's call block: the recorder's hot path); the same bytes either way.
template <typename Encoder>
struct BasicTraceEncoding {
  Encoder& encoder;
  bool data = true;      // CLVET_TRACE_DATA: keep big contents (sources, binaries, buffers)
  bool success = false;  // the call succeeded: its outputs are worth reading
};
using TraceEncoding = BasicTraceEncoding<trace::CallEncoder>;
using RawTraceEncoding = BasicTraceEncoding<trace::RawEncoder>;

namespace encode {
// What a generated encoder works with: a CallEncoder itself, or a copy of a RawEncoder that
// the compiler keeps in registers (its cursor is not loaded and stored around every byte),
// put back once the encoder is done (put_back).
template <typename E>
using Local = std::conditional_t<std::is_same_v<E, trace::RawEncoder>, trace::RawEncoder, E&>;
template <typename E>
void put_back(BasicTraceEncoding<E>& t, const Local<E>& e) {
  if constexpr (std::is_same_v<E, trace::RawEncoder>) t.encoder = e;
}
}  // namespace encode

// Generated: a value per parameter of `entry` (then the bytes it reads), and what it wrote.
void encode_arguments(TraceEncoding& t, std::uint32_t entry, const void* args);
void encode_outputs(TraceEncoding& t, std::uint32_t entry, const void* args);
void encode_arguments(RawTraceEncoding& t, std::uint32_t entry, const void* args);
void encode_outputs(RawTraceEncoding& t, std::uint32_t entry, const void* args);
// Generated: whether encode_outputs() may write anything for the entry point (false: a
// retain's, a release's, a clSetKernelArg's have nothing to write).
bool encodes_outputs(std::uint32_t entry);
// Generated: where the outputs encoder of the entry point writes through one pointer parameter
// alone, that parameter's byte offset in its arguments (args::<Entry>), else -1. Every output is
// encoded only through a pointer that is not NULL: while that one is NULL (a launch's or a
// transfer's event, most often), a call has no outputs to encode.
int sole_output_pointer(std::uint32_t entry);

namespace encode {
struct Gathered;
}  // namespace encode

// Generated: sizeof(args::<Entry>) for an entry point whose parameters and inputs are encoded
// from its arguments' values and the few bytes repeat_inputs() gathers through them, else 0.
// Two calls of it with the same argument bytes and the same gathered bytes, while no object was
// created or destroyed between them, have the same parameters and inputs: the later one may be
// a Repeat item.
std::size_t repeatable_arguments(std::uint32_t entry);
// Generated: gathers into `g` the bytes the call's encoder reads through its pointers (a wait
// list's handles, a work size's elements, a kernel argument's value, a small input: what the
// encoder turns into parameters and inputs). False when they do not fit, or the entry point is
// not repeatable: the call cannot be repeated.
bool repeat_inputs(std::uint32_t entry, const void* args, bool data, encode::Gathered& g);
// Generated: whether a call of such an entry point (repeatable_arguments not 0) has the same
// arguments as an earlier call of it, member by member, and the same bytes behind them as
// repeat_inputs() gathered from it.
bool same_call(std::uint32_t entry, const void* earlier, const encode::Gathered& earlier_inputs,
               const void* args, bool data);
// Generated: whether repeat_inputs() gathers anything for the entry point (false: its
// parameters are encoded from its arguments' values alone).
bool repeat_reads_memory(std::uint32_t entry);

// What the API table says a call does that the recorder acts on besides encoding it: its
// effect, whether it blocks (the table's blocking column), the buffer bytes it reads for the
// host (HostMemOut), the region it maps or unmaps, the kernel argument it sets
// (KernelArgValue). The replayer's re-issuers are generated from the same facts.
struct CallFacts {
  static constexpr std::uint32_t kNoParam = 0xffffffff;
  api::Effect effect = api::Effect::None;
  bool blocking = true;  // no blocking flag: the call is done with host memory when it returns
  // A buffer read: the destination parameter, its address and the bytes read there.
  std::uint32_t read_param = kNoParam;
  const void* read_ptr = nullptr;
  std::size_t read_size = 0;
  // A map: its flags, and the bytes of a buffer map (an image map's extent is its region).
  std::uint64_t map_flags = 0;
  std::size_t map_size = 0;
  bool map_image = false;
  const void* map_ptr = nullptr;   // an SVM map: the region's pointer (buffer maps return theirs)
  const void* unmapped = nullptr;  // an unmap: the pointer unmapped
  std::uint32_t unmapped_param = kNoParam;  // and its parameter
  // A kernel argument set: the kernel, the argument's index, its value and size.
  bool sets_kernel_argument = false;
  const void* kernel = nullptr;
  std::uint32_t arg_index = 0;
  const void* arg_value = nullptr;
  std::size_t arg_size = 0;
};
// Generated: the facts of one call of `entry` with arguments `args`.
CallFacts call_facts(std::uint32_t entry, const void* args);

namespace encode {

// Arrays longer than this are cut: a count that large is garbage the application passed,
// and reading it through would run off its array.
constexpr std::uint64_t kMaxElements = 1u << 16;
// Bytes the call reads that are kept even without CLVET_TRACE_DATA (kernel arguments, patterns).
constexpr std::uint64_t kSmallBytes = 64;

// The object's trace id, or its address when the layer does not know it.
template <typename E>
void handle(E& e, const void* object, api::ObjectKind) {
  if (object == nullptr) return e.null();
  if (const auto known = objects().identity(object); known.id != 0)
    return e.handle(known.kind, known.id);
  e.pointer(object);  // not an object the layer knows: the raw value says what was passed
}

template <typename E, typename T>
void scalar(E& e, const T& v) {
  if constexpr (std::is_pointer_v<T>)
    e.pointer(reinterpret_cast<const void*>(v));
  else if constexpr (std::is_floating_point_v<T>)
    e.floating(v);
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    e.sint(v);
  else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>)
    e.uint(static_cast<std::uint64_t>(v));
  else
    e.inline_bytes(&v, sizeof v);  // a struct element (cl_image_format)
}

template <typename E, typename T>
void handles(E& e, T* list, std::uint64_t count, api::ObjectKind kind) {
  if (list == nullptr) return e.null();
  if (count > kMaxElements) count = kMaxElements;
  e.array(count);
  for (std::uint64_t i = 0; i < count; ++i) handle(e, list[i], kind);
}

template <typename E, typename T>
void elements(E& e, T* list, std::uint64_t count) {
  if (list == nullptr) return e.null();
  if (count > kMaxElements) count = kMaxElements;
  e.array(count);
  for (std::uint64_t i = 0; i < count; ++i) scalar(e, list[i]);
}

template <typename E>
void string(E& e, const char* s) {
  if (s == nullptr) return e.null();
  e.string(s);
}

template <typename E>
void strings(E& e, const char** list, cl_uint count, const size_t* lengths, bool data) {
  if (list == nullptr || !data) return e.pointer(list);
  const cl_uint n = count < kMaxElements ? count : static_cast<cl_uint>(kMaxElements);
  e.array(n);
  for (cl_uint i = 0; i < n; ++i) {
    if (list[i] == nullptr) {
      e.null();
      continue;
    }
    const std::size_t size =
        lengths != nullptr && lengths[i] != 0 ? lengths[i] : std::strlen(list[i]);
    e.data(list[i], size);  // sources can be megabytes: blobs, stored once per content
  }
}

template <typename E>
void binaries(E& e, const unsigned char** list, cl_uint count, const size_t* lengths,
              bool data) {
  if (list == nullptr || lengths == nullptr || !data) return e.pointer(list);
  const cl_uint n = count < kMaxElements ? count : static_cast<cl_uint>(kMaxElements);
  e.array(n);
  for (cl_uint i = 0; i < n; ++i) {
    if (list[i] == nullptr)
      e.null();
    else
      e.data(list[i], lengths[i]);
  }
}

template <typename E>
void structure(E& e, const void* s, std::size_t size) {
  if (s == nullptr) return e.null();
  e.data(s, size);
}

// A zero-terminated list of (name, value) pairs; values as integers (pointers, handles too).
template <typename E, typename T>
void properties(E& e, const T* list) {
  if (list == nullptr) return e.null();
  constexpr std::size_t kMaxPairs = 256;
  std::size_t pairs = 0;
  while (pairs < kMaxPairs && list[2 * pairs] != 0) ++pairs;
  e.properties(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    e.key(static_cast<std::uint64_t>(list[2 * i]));
    e.uint(static_cast<std::uint64_t>(list[2 * i + 1]));
  }
}

// Whether the bytes a call reads through a parameter are recorded: small ones always, big ones
// with data.
inline bool input_recorded(bool data, const void* bytes, std::uint64_t size) {
  return bytes != nullptr && size != 0 && (data || size <= kSmallBytes);
}

// The bytes the call reads through parameter `param`, when they are recorded.
template <typename E>
void input_bytes(E& e, bool data, std::uint32_t param, const void* bytes, std::uint64_t size) {
  if (!input_recorded(data, bytes, size)) return;
  e.input(param);
  e.data(bytes, size);
}

// Whether `pointer` is host memory and not inside an SVM allocation the application made:
// an SVM copy's source or destination whose bytes the trace keeps.
bool host_memory(const void* pointer);

// clSetKernelArg's value: the object when it holds the handle of a memory object, sampler
// or queue the layer knows (a replay maps it to its own), else its bytes like any input.
template <typename E>
void kernel_argument(E& e, bool data, std::uint32_t param, const void* value, std::size_t size) {
  if (value != nullptr && size == sizeof(void*)) {
    const void* held = *static_cast<const void* const*>(value);
    const auto known = objects().identity(held);
    if (known.id != 0 && (known.kind == api::ObjectKind::Mem || known.kind == api::ObjectKind::Sampler ||
                          known.kind == api::ObjectKind::CommandQueue)) {
      e.input(param);
      e.handle(known.kind, known.id);
      return;
    }
  }
  input_bytes(e, data, param, value, size);
}

// What a repeatable call's encoder reads through its pointers, in at most kRepeatInputs bytes
// (more, and the call is encoded: ok turns false), for a visitor that takes each read as
// bytes(from, n): Gathered copies them (repeat_inputs()), Compared compares them with those a
// Gathered holds from an earlier call. The reads mirror the encoders above: elements() and
// handles() read `count` elements of a list that is not NULL, input_bytes() the bytes
// input_recorded() says, kernel_argument() a handle-sized value (which may name an object) or
// the bytes input_bytes() reads.
constexpr std::size_t kRepeatInputs = 64;
template <typename Visitor>
struct EncoderReads {
  bool ok = true;

  template <typename T>
  void elements(T* list, std::uint64_t count) {
    if (list == nullptr) return;
    if (count > kRepeatInputs) {  // also keeps count * sizeof(T) from overflowing
      ok = false;
      return;
    }
    visitor().bytes(list, count * sizeof(T));
  }
  // Bytes above kSmallBytes (recorded with data only) are a blob in the trace: what stands for
  // them is the blob's hash, and the blob the thread stored last (blob_bytes()).
  void input_bytes(bool data, const void* from, std::uint64_t n) {
    if (!input_recorded(data, from, n)) return;
    if (n > kSmallBytes)
      visitor().blob_bytes(from, n);
    else
      visitor().bytes(from, n);
  }
  void kernel_argument(bool data, const void* value, std::size_t n) {
    if (value != nullptr && n == sizeof(void*))
      visitor().bytes(value, n);
    else
      input_bytes(data, value, n);
  }

 private:
  Visitor& visitor() { return static_cast<Visitor&>(*this); }
};

struct Gathered : EncoderReads<Gathered> {
  std::uint8_t bytes_[kRepeatInputs];
  std::size_t size = 0;
  // An input stored as a blob (a write of one host buffer with data) is gathered as its hash
  // and size, 16 bytes in their place, when it is the thread's last blob, just stored by the
  // call's encoder (trace::Writer::last_blob): a later call is compared with it where its bytes
  // are, without a copy or a hash. One a call (the writer keeps the last blob only).
  trace::Writer* writer = nullptr;
  std::uint64_t blob_size = 0;  // 0: none gathered

  void blob_bytes(const void* from, std::uint64_t n);

  void bytes(const void* from, std::uint64_t n) {
    if (n > kRepeatInputs - size) {
      ok = false;
      return;
    }
    if (n != 0) std::memcpy(bytes_ + size, from, n);
    size += n;
  }
  void clear() {
    size = 0;
    ok = true;
    blob_size = 0;
  }
};

// ok while every read so far is the earlier call's, all() once they are all of them.
class Compared : public EncoderReads<Compared> {
 public:
  explicit Compared(const Gathered& earlier) : earlier_(earlier) {}
  bool all() const { return ok && at_ == earlier_.size; }

  // The earlier call's blob, where it came: the same bytes are the thread's last blob still.
  void blob_bytes(const void* from, std::uint64_t n);

  void bytes(const void* from, std::uint64_t n) {
    if (!ok || n > earlier_.size - at_ || (n != 0 && std::memcmp(earlier_.bytes_ + at_, from, n) != 0)) {
      ok = false;
      return;
    }
    at_ += n;
  }

 private:
  const Gathered& earlier_;
  std::size_t at_ = 0;
};

// How much of an info query's answer is valid: what it said it wrote, within the room given.
inline std::size_t answered(std::size_t room, const size_t* size_ret) {
  return size_ret != nullptr && *size_ret < room ? *size_ret : room;
}

}  // namespace encode
}  // namespace clvet::layer
