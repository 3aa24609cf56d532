// The helpers the generated re-issuers call: recorded values turned into live arguments, and
// each call's effects on the replay (objects bound, regions mapped, reads compared).
#include "reissue.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <regex>
#include <vector>

#include "clvet/reports/finding.h"
#include "clvet/trace/cl_names.h"
#include "clvet/trace/print.h"
#include "info_answers.h"

namespace clvet::replay {
namespace {

const trace::Value kNull{};

std::string_view entry_name(const trace::Call& c) {
  return c.entry < api::entry_points().size() ? api::entry_points()[c.entry].name
                                               : std::string_view(c.name);
}

std::string param_name(const trace::Call& c, std::size_t i) {
  if (c.entry < api::entry_points().size() && i < api::entry_points()[c.entry].params.size())
    return std::string(api::entry_points()[c.entry].params[i].name);
  return fmt::format("parameter {}", i);
}

std::string handle_name(trace::Handle h) { return trace::format_handle(h); }

// What the target lacks when a call that succeeded when recorded fails with `error`, or
// nothing when the error does not say the target lacks something.
std::string lacked(std::string_view entry, cl_int error) {
  const bool image = entry.find("Image") != std::string_view::npos || entry == "clCreateSampler" ||
                     entry == "clCreateSamplerWithProperties";
  if (image && error == CL_INVALID_OPERATION)
    return "image support (the device's CL_DEVICE_IMAGE_SUPPORT is CL_FALSE)";
  if (error == CL_IMAGE_FORMAT_NOT_SUPPORTED) return "an image format the target does not support";
  if (error == CL_INVALID_WORK_GROUP_SIZE) return "a work-group size the target does not allow";
  if (error == CL_INVALID_QUEUE_PROPERTIES) return "queue properties the target does not support";
  if (error == CL_INVALID_DEVICE_QUEUE) return "a device-side queue";
  if (error == CL_INVALID_OPERATION) return "an operation the target does not support";
  return {};
}

}  // namespace

const trace::Value& Reissue::param(std::size_t i) const {
  return i < c_.params.size() ? c_.params[i] : kNull;
}

bool Reissue::query() const {
  if (c_.entry >= api::entry_points().size()) return false;
  for (const api::Param& p : api::entry_points()[c_.entry].params)
    if (p.role == api::Role::InfoValueOut) return true;
  return false;
}

bool Reissue::partitions() const {
  const std::string_view name = entry_name(c_);
  return name == "clCreateSubDevices" || name == "clCreateSubDevicesEXT";
}

bool Reissue::building() const {
  return c_.entry < api::entry_points().size() && api::entry_points()[c_.entry].effect == api::Effect::Build;
}

const trace::Value* Reissue::recorded_input(std::size_t i) const {
  for (const trace::ParamValue& in : c_.inputs)
    if (in.param == i) return &in.value;
  return nullptr;
}

const trace::Value* Reissue::recorded_output(std::size_t i) const {
  for (const trace::ParamValue& out : c_.outputs)
    if (out.param == i) return &out.value;
  return nullptr;
}

const std::string* Reissue::data(const trace::Value& v) {
  if (v.kind == trace::ValueKind::Bytes || v.kind == trace::ValueKind::String) return &v.bytes;
  if (v.kind != trace::ValueKind::Blob) return nullptr;
  return s_.blob(v.number);
}

void Reissue::not_rebuilt(std::size_t i, const std::string& why) {
  if (!ready_) return;
  ready_ = false;
  const std::string reason = fmt::format("argument {}: {}", param_name(c_, i), why);
  s_.skip({c_.index, std::string(entry_name(c_)), reason, false});
  for (const trace::Handle& h : c_.created) s_.mark_skipped(h, c_.index);
  if (!s_.target().skip_unsupported)
    s_.stop(fmt::format("call {} {}: {}", c_.index, entry_name(c_), reason));
}

void Reissue::unsupported(const std::string& what) {
  if (!ready_) return;
  ready_ = false;
  s_.skip({c_.index, std::string(entry_name(c_)), what, true});
  for (const trace::Handle& h : c_.created) s_.mark_skipped(h, c_.index);
  // A program whose build was skipped has no executable: what uses it is skipped too.
  if (building() && !c_.params.empty()) s_.mark_skipped(c_.params[0].as_handle(), c_.index);
  if (!s_.target().skip_unsupported)
    s_.stop(fmt::format("call {} {} needs what the target lacks: {} (--skip-unsupported goes on "
                        "without it)",
                        c_.index, entry_name(c_), what));
}

void Reissue::not_replayable() { unsupported("this clvet cannot re-issue the entry point"); }

void* Reissue::live_handle(const trace::Value& v, api::ObjectKind kind, std::size_t i) {
  if (absent(v)) return nullptr;
  if (kind == api::ObjectKind::Platform) return s_.platform();
  if (kind == api::ObjectKind::Device) {
    // A device the recorder did not know (the application found it through an info query)
    // is still one of the recording platform's devices: it maps like the others.
    const std::uint64_t id = v.kind == trace::ValueKind::Handle ? v.number : std::uint64_t{1} << 63 | v.number;
    return s_.device_for(id);
  }
  if (v.kind != trace::ValueKind::Handle) {
    not_rebuilt(i, fmt::format("0x{:x} was not an object the recorder knew", v.number));
    return nullptr;
  }
  const trace::Handle h = v.as_handle();
  if (s_.skipped_object(h)) {
    not_rebuilt(i, fmt::format("{} is not usable: call {}, which made it, was skipped", handle_name(h),
                               s_.skipped_by(h)));
    return nullptr;
  }
  if (void* live = s_.live(h)) return live;
  not_rebuilt(i, fmt::format("{} has no live object in the replay", handle_name(h)));
  return nullptr;
}

void* Reissue::described_object(const void* recorded, std::size_t i) {
  const trace::Value* in = recorded_input(i);
  if (in != nullptr && in->kind == trace::ValueKind::Handle) return live_handle(*in, api::ObjectKind::Mem, i);
  if (recorded != nullptr)
    not_rebuilt(i, fmt::format("its mem_object, 0x{:x}, is not identified in the trace (a trace of an older "
                               "clvet keeps only its address)",
                               reinterpret_cast<std::uintptr_t>(recorded)));
  return nullptr;
}

void Reissue::strings(const char**& out, std::size_t i, const size_t*& lengths) {
  const trace::Value& v = param(i);
  if (v.kind != trace::ValueKind::Array) {
    out = nullptr;
    lengths = nullptr;
    if (!absent(v)) not_rebuilt(i, "the program's source is not in the trace (recorded without data)");
    return;
  }
  auto** list = allocate<const char*>(v.items.size());
  auto* sizes = allocate<size_t>(v.items.size());
  for (std::size_t k = 0; k < v.items.size(); ++k) {
    const std::string* bytes = data(v.items[k]);
    if (bytes == nullptr) {
      not_rebuilt(i, fmt::format("string {} is not in the trace", k));
      return;
    }
    list[k] = bytes->data();
    sizes[k] = bytes->size();
  }
  out = list;
  lengths = sizes;
}

void Reissue::binaries(const unsigned char**& out, std::size_t i, const size_t*& lengths) {
  const char** list = nullptr;
  strings(list, i, lengths);
  out = reinterpret_cast<const unsigned char**>(list);
}

const void* Reissue::keep(std::string bytes) {
  const void* data = nullptr;
  s_.keep_until_finished(queue_, std::move(bytes), data);
  return data;
}

void Reissue::host_in(const void*& out, std::size_t i, std::size_t size) {
  const trace::Value* in = recorded_input(i);
  const std::string* bytes = in != nullptr ? data(*in) : nullptr;
  if (bytes == nullptr && absent(param(i))) {
    out = nullptr;
    return;
  }
  // Recorded bytes fewer than the most the call may read (a CL_DEPTH image's fill colour is
  // one float of fill_color's 16) are given zeros after them, so that no driver reads past.
  if (bytes != nullptr && bytes->size() >= size) {
    out = blocking_ ? bytes->data() : keep(*bytes);
    return;
  }
  std::string padded = bytes != nullptr ? *bytes : std::string();
  padded.resize(size, '\0');
  if (blocking_) {
    char* copy = allocate<char>(padded.size() + 1);
    std::memcpy(copy, padded.data(), padded.size());
    out = copy;
    return;
  }
  // The command reads the bytes after the call returns: they stay until its queue finishes.
  out = keep(std::move(padded));
}

void Reissue::host_out(void*& out, std::size_t i, std::size_t size) {
  if (absent(param(i))) {
    out = nullptr;
    return;
  }
  out = blocking_ ? static_cast<void*>(allocate<char>(size))
                  : const_cast<void*>(keep(std::string(size, '\0')));
}

void Reissue::host_ptr(void*& out, std::size_t i, std::uint64_t flags, std::size_t size) {
  out = nullptr;
  if ((flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) == 0 || absent(param(i))) return;
  const trace::Value* in = recorded_input(i);
  const std::string* bytes = in != nullptr ? data(*in) : nullptr;
  if (bytes == nullptr && size == 0) {
    not_rebuilt(i, "the host memory's contents and size are not in the trace");
    return;
  }
  std::string contents = bytes != nullptr ? *bytes : std::string();
  if (contents.size() < size) contents.resize(size, '\0');
  if ((flags & CL_MEM_USE_HOST_PTR) == 0) {
    out = const_cast<char*>(s_.scratch().keep(std::move(contents)).data());
    return;
  }
  // USE_HOST_PTR: the object's storage for its whole life, at an address a map returns.
  const std::size_t length = contents.size();
  s_.keep_for_object(std::move(contents), out);
  s_.add_region(param(i).number, length, out);
}

void* Reissue::mapped_address(std::size_t i) {
  const trace::Value& v = param(i);
  if (absent(v)) return nullptr;
  void* live = svm_address(v.number);
  if (live == nullptr) {
    if (ready_) not_rebuilt(i, fmt::format("0x{:x} is in no region the replay mapped or allocated", v.number));
    return nullptr;
  }
  // What the host wrote into a region it mapped for writing, before it unmapped it.
  const trace::Value* in = recorded_input(i);
  const std::string* bytes = in != nullptr ? data(*in) : nullptr;
  const Session::Region* region = s_.region_of(v.number);
  if (bytes != nullptr && region != nullptr && region->image && live == region->live) {
    // An image region: the recorder kept the pixels packed; rows go at the target's pitches.
    const Session::Pixels& p = *region->image;
    const std::size_t row_bytes = p.region[0] * p.element;
    std::size_t packed = 0;
    for (std::size_t z = 0; z < p.region[2]; ++z)
      for (std::size_t y = 0; y < p.region[1] && packed + row_bytes <= bytes->size(); ++y, packed += row_bytes)
        std::memcpy(static_cast<char*>(live) + (p.array_1d ? y * p.slice_pitch : z * p.slice_pitch + y * p.row_pitch),
                    bytes->data() + packed, row_bytes);
    return live;
  }
  if (bytes != nullptr && region != nullptr) {
    const std::size_t room =
        region->size - static_cast<std::size_t>(static_cast<char*>(live) - static_cast<char*>(region->live));
    std::memcpy(live, bytes->data(), std::min<std::size_t>(bytes->size(), room));
  }
  return live;
}

void Reissue::kernel_argument(const void*& out, std::size_t i, std::size_t size) {
  const trace::Value* in = recorded_input(i);
  argument_object_ = {};
  if (in != nullptr && in->kind == trace::ValueKind::Handle) {
    void** slot = allocate<void*>(1);
    *slot = live_handle(*in, in->object, i);
    if (in->object == api::ObjectKind::Mem) argument_object_ = in->as_handle();
    out = slot;
    return;
  }
  const std::string* bytes = in != nullptr ? data(*in) : nullptr;
  if (bytes != nullptr) {
    out = bytes->data();
    return;
  }
  // NULL: a __local argument of `size` bytes; otherwise a value the trace did not keep.
  out = absent(param(i)) ? nullptr : allocate<char>(size);
}

void Reissue::argument_set(cl_uint index) {
  s_.argument(param(0).as_handle(), index, argument_object_);
}

void Reissue::launched() { s_.launched(param(1).as_handle(), c_.index); }

void Reissue::finished(cl_command_queue queue) { s_.queue_finished(queue); }

void Reissue::returned(cl_int error) {
  error_ = error;
  ++s_.replayed;
  if (error == CL_SUCCESS || c_.error != CL_SUCCESS) return;
  const std::string what = fmt::format("the target returned {}, the application got CL_SUCCESS",
                                       reports::error_name(error));
  // A query the target cannot answer changes nothing the calls after it use: the replay
  // goes on (what the platform knows differs from platform to platform).
  if (query()) {
    s_.note(fmt::format("call {} {}: {}; its answer is not compared", c_.index, entry_name(c_), what));
    return;
  }
  for (const trace::Handle& h : c_.created) s_.mark_skipped(h, c_.index);
  if (partitions()) {
    // A partition the target cannot make: with --skip-unsupported the sub-devices are the
    // device they divide, which then does their work.
    ready_ = true;
    unsupported(fmt::format("a partition of {} into sub-devices ({})", handle_name(param(0).as_handle()), what));
    if (!s_.target().skip_unsupported) return;
    void* parent = s_.device_for(param(0).number);
    if (const trace::Value* out = recorded_output(3); out != nullptr && out->kind == trace::ValueKind::Array)
      for (const trace::Value& sub : out->items)
        if (sub.kind == trace::ValueKind::Handle) s_.bind(sub.as_handle(), parent, c_.index);
    s_.note(fmt::format("call {} {}: the target cannot make the partition; its sub-devices are {} itself", c_.index,
                        entry_name(c_), handle_name(param(0).as_handle())));
    return;
  }
  if (const std::string needs = lacked(entry_name(c_), error); !needs.empty()) {
    ready_ = true;
    unsupported(fmt::format("{} ({})", needs, what));
    return;
  }
  s_.skip({c_.index, std::string(entry_name(c_)), what, false});
  s_.stop(fmt::format("call {} {}: {}", c_.index, entry_name(c_), what));
}

// A binary the target cannot load, rebuilt from the source of a program the trace created
// from source that defines the same kernels: the live program, or nullptr.
void* Reissue::from_source(cl_int error) {
  const auto source = s_.source_for(c_.result.as_handle());
  if (!source) return nullptr;
  using FromSource = cl_program(CL_API_CALL*)(cl_context, cl_uint, const char**, const size_t*, cl_int*);
  auto create = reinterpret_cast<FromSource>(s_.function("clCreateProgramWithSource"));
  void* context = c_.params.empty() ? nullptr : s_.live(c_.params[0].as_handle());
  if (create == nullptr || context == nullptr) return nullptr;
  const char* text = source->second.c_str();
  cl_int status = CL_SUCCESS;
  cl_program program = create(static_cast<cl_context>(context), 1, &text, nullptr, &status);
  if (status != CL_SUCCESS) return nullptr;
  s_.note(fmt::format("call {} clCreateProgramWithBinary: the target cannot load the binary ({}); "
                      "the program is rebuilt from the source of call {}",
                      c_.index, reports::error_name(error), source->first));
  return program;
}

void Reissue::created(void* object, cl_int error, api::ObjectKind kind) {
  if (error != CL_SUCCESS && c_.error == CL_SUCCESS && entry_name(c_) == "clCreateProgramWithBinary")
    if (void* rebuilt = from_source(error)) {
      object = rebuilt;
      error = CL_SUCCESS;
    }
  returned(object == nullptr && error == CL_SUCCESS ? CL_OUT_OF_HOST_MEMORY : error);
  if (object == nullptr || error != CL_SUCCESS) return;
  if (c_.result.kind == trace::ValueKind::Handle) s_.bind(c_.result.as_handle(), object, c_.index);
  (void)kind;
  const std::string_view name = entry_name(c_);
  if (name == "clCreateKernel" && c_.params.size() > 1)
    s_.kernel_named(c_.result.as_handle(), c_.params[1].bytes);
  if (name == "clCreateProgramWithSource" && c_.params.size() > 2) {
    // Whether the program uses double, for targets without cl_khr_fp64 (1.2 §9.3).
    // Whether it uses images and samplers, for targets without image support (§6.12.14).
    static const std::regex kDouble(R"(\bdouble[0-9]*\b|cl_khr_fp64)");
    static const std::regex kImages(R"(\bimage[123]d(_array|_buffer)?_t\b|\bsampler_t\b)");
    for (const trace::Value& source : c_.params[2].items) {
      const std::string* text = data(source);
      if (text == nullptr) continue;
      if (std::regex_search(*text, kDouble)) s_.uses_fp64(c_.result.as_handle());
      if (std::regex_search(*text, kImages)) s_.uses_images(c_.result.as_handle());
    }
  }
}

void Reissue::mapped_region(void* live, cl_int error, std::size_t size, cl_mem memobj,
                            std::uint64_t flags) {
  returned(live == nullptr && error == CL_SUCCESS ? CL_OUT_OF_HOST_MEMORY : error);
  if (live == nullptr || error != CL_SUCCESS) return;
  if (c_.result.kind == trace::ValueKind::Pointer)
    s_.add_region(c_.result.number, size, live, memobj, flags);
  // A map for reading: the region against what the application found there.
  if (s_.target().verify && (flags & CL_MAP_READ) != 0 && size != 0)
    if (const trace::Value* v = s_.read_bytes(c_.index, trace::ReadBytes::kMappedRegion))
      if (const std::string* recorded = data(*v))
        compare_when_complete(*recorded, live, size, param(1).as_handle());
}

std::optional<Session::Pixels> Reissue::pixels(cl_mem image, const size_t* origin, const size_t* region,
                                               size_t row_pitch, size_t slice_pitch) {
  using ImageInfo = cl_int(CL_API_CALL*)(cl_mem, cl_image_info, size_t, void*, size_t*);
  using MemInfo = cl_int(CL_API_CALL*)(cl_mem, cl_mem_info, size_t, void*, size_t*);
  auto image_info = reinterpret_cast<ImageInfo>(s_.function("clGetImageInfo"));
  auto mem_info = reinterpret_cast<MemInfo>(s_.function("clGetMemObjectInfo"));
  Session::Pixels p;
  cl_mem_object_type type = 0;
  if (image == nullptr || region == nullptr || image_info == nullptr || mem_info == nullptr ||
      image_info(image, CL_IMAGE_ELEMENT_SIZE, sizeof p.element, &p.element, nullptr) != CL_SUCCESS ||
      mem_info(image, CL_MEM_TYPE, sizeof type, &type, nullptr) != CL_SUCCESS || p.element == 0)
    return std::nullopt;
  for (int d = 0; d < 3; ++d) {
    p.origin[d] = origin != nullptr ? origin[d] : 0;
    p.region[d] = region[d];
  }
  // 1.2 §5.3.3: a zero row pitch is the region's width in bytes; a zero slice pitch is a
  // slice's rows (one row apart for the images of a 1D image array).
  p.array_1d = type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  p.row_pitch = row_pitch != 0 ? row_pitch : p.region[0] * p.element;
  p.slice_pitch = slice_pitch != 0 ? slice_pitch : p.array_1d ? p.row_pitch : p.row_pitch * p.region[1];
  return p;
}

void Reissue::image_read_back(const void* bytes, std::size_t i, cl_mem image, const size_t* origin,
                              const size_t* region, size_t row_pitch, size_t slice_pitch) {
  if (!s_.target().verify || bytes == nullptr) return;
  const trace::Value* recorded_value = recorded_output(i);
  if (recorded_value == nullptr) recorded_value = s_.read_bytes(c_.index, static_cast<std::uint32_t>(i));
  const std::string* recorded = recorded_value != nullptr ? data(*recorded_value) : nullptr;
  if (recorded == nullptr) return;
  const auto layout = pixels(image, origin, region, row_pitch, slice_pitch);
  if (!layout) return;
  compare_when_complete(*recorded, bytes, layout->span(), param(1).as_handle(), layout);
}

void Reissue::mapped_image(void* live, cl_int error, cl_mem image, const size_t* origin, const size_t* region,
                           const size_t* row_pitch, const size_t* slice_pitch, std::uint64_t flags) {
  returned(live == nullptr && error == CL_SUCCESS ? CL_OUT_OF_HOST_MEMORY : error);
  if (live == nullptr || error != CL_SUCCESS) return;
  const auto layout = pixels(image, origin, region, row_pitch != nullptr ? *row_pitch : 0,
                             slice_pitch != nullptr ? *slice_pitch : 0);
  if (c_.result.kind == trace::ValueKind::Pointer)
    s_.add_region(c_.result.number, layout ? layout->span() : 0, live, image, flags, layout);
  // A map for reading: the region's pixels against what the application found there.
  if (s_.target().verify && (flags & CL_MAP_READ) != 0 && layout)
    if (const trace::Value* v = s_.read_bytes(c_.index, trace::ReadBytes::kMappedRegion))
      if (const std::string* recorded = data(*v))
        compare_when_complete(*recorded, live, layout->span(), param(1).as_handle(), layout);
}

void Reissue::unmapped(void* live) { s_.remove_region(live); }

void Reissue::bind_one(const trace::Value* recorded, void* live, api::ObjectKind kind) {
  if (recorded == nullptr || recorded->kind != trace::ValueKind::Handle || live == nullptr) return;
  // Platforms and the devices clGetDeviceIDs found map by the device mapping; sub-devices
  // are the ones the replay's own partition made.
  if (kind == api::ObjectKind::Platform) return;
  s_.bind(recorded->as_handle(), live, c_.index);
}

void Reissue::read_back(const void* bytes, std::size_t i, std::size_t size, cl_mem object,
                        std::size_t object_param) {
  (void)object;
  if (!s_.target().verify || bytes == nullptr) return;
  const trace::Value* recorded_value = recorded_output(i);
  if (recorded_value == nullptr) recorded_value = s_.read_bytes(c_.index, static_cast<std::uint32_t>(i));
  const std::string* recorded = recorded_value != nullptr ? data(*recorded_value) : nullptr;
  if (recorded == nullptr) return;
  compare_when_complete(*recorded, bytes, size, param(object_param).as_handle());
}

// What a read gave the replay against what it gave the application: now when the call
// blocked, else once the command is known to be complete.
void Reissue::compare_when_complete(const std::string& recorded, const void* live, std::size_t size,
                                    trace::Handle object, const std::optional<Session::Pixels>& image) {
  if (blocking_) {
    if (image)
      s_.compare_pixels(c_.index, entry_name(c_), object, recorded, live, *image);
    else
      s_.compare(c_.index, entry_name(c_), object, recorded,
                 std::string_view(static_cast<const char*>(live), std::min(size, recorded.size())));
    return;
  }
  Session::Check check{c_.index, std::string(entry_name(c_)), object, {}, recorded, live, size, image};
  for (const trace::ParamValue& out : c_.outputs)
    if (out.value.kind == trace::ValueKind::Handle && out.value.object == api::ObjectKind::Event)
      check.event = out.value.as_handle();
  s_.check_later(queue_, std::move(check));
}

void Reissue::waited(std::size_t i) {
  for (const trace::Value& event : param(i).items)
    if (event.kind == trace::ValueKind::Handle) s_.event_completed(event.number);
}

void Reissue::answered(std::uint32_t param_name, const void* value, std::size_t size, std::size_t i) {
  if (!s_.target().verify || value == nullptr) return;
  if (!info_answers::platform_independent(entry_name(c_), param_name)) return;
  const trace::Value* recorded_value = recorded_output(i);
  const std::string* recorded = recorded_value != nullptr ? data(*recorded_value) : nullptr;
  if (recorded == nullptr) return;
  ++s_.compared;
  const std::string_view replayed(static_cast<const char*>(value), std::min(size, recorded->size()));
  if (replayed == std::string_view(*recorded).substr(0, replayed.size())) return;
  Divergence d;
  d.call = c_.index;
  d.entry = fmt::format("{}({})", entry_name(c_), info_answers::name(entry_name(c_), param_name));
  if (!c_.params.empty() && c_.params[0].kind == trace::ValueKind::Handle) {
    d.object = c_.params[0].as_handle();
    d.created_by = s_.created_by(d.object);
  }
  d.recorded = info_answers::show(*recorded);
  d.replayed = info_answers::show(replayed);
  d.differing = 1;
  s_.diverged(std::move(d));
}

void Reissue::built(cl_program program) {
  if (error_ == CL_SUCCESS || c_.error != CL_SUCCESS) return;
  using BuildInfo = cl_int(CL_API_CALL*)(cl_program, cl_device_id, cl_program_build_info, size_t,
                                         void*, size_t*);
  using ProgramInfo = cl_int(CL_API_CALL*)(cl_program, cl_program_info, size_t, void*, size_t*);
  auto info = reinterpret_cast<BuildInfo>(s_.function("clGetProgramBuildInfo"));
  auto program_info = reinterpret_cast<ProgramInfo>(s_.function("clGetProgramInfo"));
  if (info == nullptr) return;
  // The devices the build was for: its device_list as the mapping gives them (1.2 §5.6.2),
  // or, without one, every device of the program's context.
  std::vector<std::pair<std::string, cl_device_id>> devices;  // recorded name, live device
  const trace::Value& list = param(2);
  if (list.kind == trace::ValueKind::Array) {
    for (const trace::Value& d : list.items)
      if (d.kind == trace::ValueKind::Handle)
        devices.emplace_back(handle_name(d.as_handle()), static_cast<cl_device_id>(s_.device_for(d.number)));
  } else if (size_t size = 0; program_info != nullptr &&
             program_info(program, CL_PROGRAM_DEVICES, 0, nullptr, &size) == CL_SUCCESS) {
    std::vector<cl_device_id> all(size / sizeof(cl_device_id));
    using DeviceInfo = cl_int(CL_API_CALL*)(cl_device_id, cl_device_info, size_t, void*, size_t*);
    auto device_info = reinterpret_cast<DeviceInfo>(s_.function("clGetDeviceInfo"));
    if (program_info(program, CL_PROGRAM_DEVICES, size, all.data(), nullptr) == CL_SUCCESS)
      for (cl_device_id d : all) {
        // Named by the target's name for it where there are several.
        char name[256] = {};
        if (all.size() > 1 && device_info != nullptr &&
            device_info(d, CL_DEVICE_NAME, sizeof name - 1, name, nullptr) == CL_SUCCESS)
          devices.emplace_back(fmt::format("device '{}'", name), d);
        else
          devices.emplace_back(std::string(), d);
      }
  }
  if (devices.empty()) devices.emplace_back(std::string(), s_.device());
  // Where several devices were built for, the logs of those that failed.
  std::size_t failed = 0;
  std::vector<bool> shown(devices.size(), true);
  if (devices.size() > 1)
    for (std::size_t k = 0; k < devices.size(); ++k) {
      cl_build_status status = CL_BUILD_NONE;
      shown[k] = info(program, devices[k].second, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, nullptr) != CL_SUCCESS ||
                 status == CL_BUILD_ERROR;
      failed += shown[k];
    }
  for (std::size_t k = 0; k < devices.size(); ++k) {
    if (!shown[k] && failed != 0) continue;
    std::string log;
    size_t size = 0;
    if (info(program, devices[k].second, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) == CL_SUCCESS) {
      log.resize(size);
      if (info(program, devices[k].second, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr) != CL_SUCCESS)
        log.clear();
      while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    }
    const std::string device = devices[k].first.empty() ? std::string() : " for " + devices[k].first;
    s_.add_to_stop_reason(fmt::format("\nbuild log of {}{} on the target:\n{}", handle_name(param(0).as_handle()),
                                      device, log.empty() ? std::string("(empty)") : log));
  }
}

void Reissue::check_program(cl_program program) {
  (void)program;
  const trace::Handle recorded = param(0).as_handle();
  if (s_.images(recorded) && !s_.device_has_images())
    return unsupported("image support: the program uses images and the device's CL_DEVICE_IMAGE_SUPPORT is CL_FALSE");
  if (s_.fp64(recorded) && !s_.device_has("cl_khr_fp64"))
    unsupported("cl_khr_fp64: the program uses double and the target's device does not support it");
}

void Reissue::check_svm(cl_svm_mem_flags flags, std::size_t size) {
  // 2.0 §5.6.1: clSVMAlloc needs the device's SVM capabilities, fine-grained buffers and SVM
  // atomics theirs (CL_DEVICE_SVM_CAPABILITIES, §4.2 table 4.3).
  const cl_device_svm_capabilities offered = s_.device_svm();
  std::string needs;
  if (offered == 0)
    needs = "shared virtual memory: the target's device has none (CL_DEVICE_SVM_CAPABILITIES is 0)";
  else if ((flags & CL_MEM_SVM_FINE_GRAIN_BUFFER) != 0 && (offered & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) == 0)
    needs = "fine-grained SVM buffers (CL_MEM_SVM_FINE_GRAIN_BUFFER): the target's device has none";
  else if ((flags & CL_MEM_SVM_ATOMICS) != 0 && (offered & CL_DEVICE_SVM_ATOMICS) == 0)
    needs = "SVM atomics (CL_MEM_SVM_ATOMICS): the target's device has none";
  if (needs.empty()) return;
  if (c_.result.kind == trace::ValueKind::Pointer && c_.result.number != 0)
    s_.skip_region(c_.result.number, size, c_.index);
  unsupported(needs);
}

bool Reissue::extension_offered(std::uint32_t entry) {
  const api::EntryPoint& e = api::entry_points()[entry];
  if (e.extension.empty() || s_.offers(std::string(e.extension))) return true;
  unsupported(fmt::format("{}, which {} belongs to: neither the target's platform nor its device offers it",
                          e.extension, e.name));
  return false;
}

void* Reissue::svm_address(std::uint64_t recorded) {
  if (void* live = s_.live_address(recorded)) return live;
  if (const std::uint64_t skipped = s_.skipped_region(recorded))
    unsupported(fmt::format("it uses the SVM allocation of call {}, which was skipped", skipped));
  return nullptr;
}

void Reissue::check_image_format(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                                 const cl_image_desc* desc) {
  if (!ready_ || context == nullptr || format == nullptr || c_.error != CL_SUCCESS) return;
  const cl_mem_object_type type = desc != nullptr                         ? desc->image_type
                                  : entry_name(c_) == "clCreateImage3D" ? CL_MEM_OBJECT_IMAGE3D
                                                                          : CL_MEM_OBJECT_IMAGE2D;
  // The list depends on how kernels may access the image (3.0 §5.3.2.1's tables): read and
  // write when the flags do not say.
  constexpr cl_mem_flags kAccess =
      CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY | CL_MEM_KERNEL_READ_AND_WRITE;
  const cl_mem_flags access = (flags & kAccess) != 0 ? flags & kAccess : CL_MEM_READ_WRITE;
  using Formats = cl_int(CL_API_CALL*)(cl_context, cl_mem_flags, cl_mem_object_type, cl_uint,
                                       cl_image_format*, cl_uint*);
  auto supported = reinterpret_cast<Formats>(s_.function("clGetSupportedImageFormats"));
  cl_uint count = 0;
  if (supported == nullptr || supported(context, access, type, 0, nullptr, &count) != CL_SUCCESS) return;
  std::vector<cl_image_format> listed(count);
  if (count != 0 && supported(context, access, type, count, listed.data(), nullptr) != CL_SUCCESS) return;
  for (const cl_image_format& f : listed)
    if (f.image_channel_order == format->image_channel_order &&
        f.image_channel_data_type == format->image_channel_data_type)
      return;
  auto named = [](std::string_view family, std::uint64_t value) {
    const auto name = trace::constant_name(family, value);
    return name ? std::string(*name) : fmt::format("{:#x}", value);
  };
  unsupported(fmt::format("the image format {} / {} for a {} image with {}, which the target's "
                          "clGetSupportedImageFormats does not list",
                          named("cl_channel_order", format->image_channel_order),
                          named("cl_channel_type", format->image_channel_data_type),
                          named("cl_mem_object_type", type), trace::bitfield_name("cl_mem_flags", access)));
}

void Reissue::check_work_group(cl_kernel kernel, cl_uint work_dim, const size_t* local) {
  if (local == nullptr || kernel == nullptr) return;
  std::size_t items = 1;
  for (cl_uint d = 0; d < work_dim && d < 3; ++d) items *= local[d];
  using WorkGroupInfo = cl_int(CL_API_CALL*)(cl_kernel, cl_device_id, cl_kernel_work_group_info,
                                             size_t, void*, size_t*);
  using QueueInfo = cl_int(CL_API_CALL*)(cl_command_queue, cl_command_queue_info, size_t, void*, size_t*);
  auto info = reinterpret_cast<WorkGroupInfo>(s_.function("clGetKernelWorkGroupInfo"));
  auto queue_info = reinterpret_cast<QueueInfo>(s_.function("clGetCommandQueueInfo"));
  // The limit of the device the launch's queue is on (the mapping may have put queues on
  // different devices).
  cl_device_id device = s_.device();
  if (cl_device_id on = nullptr; queue_ != nullptr && queue_info != nullptr &&
                                 queue_info(queue_, CL_QUEUE_DEVICE, sizeof on, &on, nullptr) == CL_SUCCESS)
    device = on;
  size_t allowed = 0;
  if (info == nullptr ||
      info(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof allowed, &allowed, nullptr) != CL_SUCCESS)
    return;
  if (items > allowed)
    unsupported(fmt::format("a work-group of {} work-items; the target allows {} for this kernel",
                            items, allowed));
}

}  // namespace clvet::replay
