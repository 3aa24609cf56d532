// The live side of a replay: handle and address maps, the target's entry points, findings.
#include "session.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "clvet/rules/api.h"

namespace clvet::replay {

Session::Session(trace::Reader& reader, cl_platform_id platform, std::vector<cl_device_id> devices,
                 std::size_t device, const Target& target, const std::vector<DeviceMapping>& mapping)
    : reader_(reader),
      platform_(platform),
      devices_(std::move(devices)),
      device_(device),
      target_(target),
      functions_(api::entry_points().size(), kUnresolved) {
  for (const DeviceMapping& m : mapping)
    if (m.device < devices_.size()) mapped_devices_[m.recorded.id] = devices_[m.device];
  using Lookup = void*(CL_API_CALL*)(cl_platform_id, const char*);
  auto lookup = reinterpret_cast<Lookup>(dlsym(RTLD_DEFAULT, "clGetExtensionFunctionAddressForPlatform"));
  if (lookup != nullptr)
    use_call_index_ = reinterpret_cast<void(CL_API_CALL*)(cl_ulong)>(lookup(platform_, "clvetUseCallIndexCLVET"));
}

Session::~Session() {
  about_to_issue(0);
  using Finish = cl_int(CL_API_CALL*)(cl_command_queue);
  using Release = cl_int(CL_API_CALL*)(cl_command_queue);
  auto release = reinterpret_cast<Release>(function("clReleaseCommandQueue"));
  auto finish = reinterpret_cast<Finish>(function("clFinish"));
  for (const auto& [context, queue] : content_queues_) {
    if (finish != nullptr) finish(queue);
    if (release != nullptr) release(queue);
  }
  // Commands the application never waited for may still read or write this memory, on queues
  // it may have released: it is left to the process's end rather than freed under them.
  for (auto& [queue, memory] : in_flight_)
    for (auto& bytes : memory) (void)bytes.release();
  for (auto& bytes : object_memory_) (void)bytes.release();
}

void* Session::function(const char* name) {
  if (void* f = dlsym(RTLD_DEFAULT, name)) return f;
  using Lookup = void*(CL_API_CALL*)(cl_platform_id, const char*);
  static const auto lookup =
      reinterpret_cast<Lookup>(dlsym(RTLD_DEFAULT, "clGetExtensionFunctionAddressForPlatform"));
  return lookup != nullptr ? lookup(platform_, name) : nullptr;
}

void* Session::resolve(std::uint32_t entry) {
  if (entry >= functions_.size()) return nullptr;
  return functions_[entry] = function(std::string(api::entry_points()[entry].name).c_str());
}

const std::string* Session::blob(std::uint64_t hash) {
  if (auto found = blobs_.find(hash); found != blobs_.end()) return &found->second;
  auto bytes = reader_.blob(hash);
  if (!bytes) return nullptr;
  blob_bytes_ += bytes->size();
  return &blobs_.emplace(hash, std::move(*bytes)).first->second;
}

void Session::forget_blobs_if_large() {
  constexpr std::size_t kLimit = std::size_t{256} << 20;
  if (blob_bytes_ <= kLimit) return;
  blobs_.clear();
  blob_bytes_ = 0;
}

void Session::bind(trace::Handle handle, void* live, std::uint64_t call) {
  if (handle.id == 0) return;
  LiveObjects::Object& o = objects_.at(handle);
  o.live = live;
  if (o.created_by == 0) o.created_by = call;
  o.skipped_by = 0;
}

std::uint64_t Session::created_by(trace::Handle handle) const {
  const LiveObjects::Object* o = objects_.find(handle);
  return o == nullptr ? 0 : o->created_by;
}

void Session::mark_skipped(trace::Handle handle, std::uint64_t call) {
  objects_.at(handle).skipped_by = call;
}

void* Session::device_for(std::uint64_t recorded_id) const {
  if (void* sub_device = live({api::ObjectKind::Device, recorded_id})) return sub_device;
  auto found = mapped_devices_.find(recorded_id);
  return found != mapped_devices_.end() ? found->second : devices_[device_];
}

std::uint64_t Session::live_property(std::uint64_t key, std::uint64_t value) const {
  if (key == CL_CONTEXT_PLATFORM) return reinterpret_cast<std::uintptr_t>(platform_);
  return value;
}

void Session::add_region(std::uint64_t recorded, std::uint64_t size, void* live, cl_mem memobj,
                         std::uint64_t map_flags, std::optional<Pixels> image) {
  if (recorded == 0) return;
  regions_[recorded] = {size == 0 ? 1 : size, live, memobj, map_flags, std::move(image)};
}

void Session::remove_region(void* live) {
  for (auto it = regions_.begin(); it != regions_.end(); ++it)
    if (it->second.live == live) {
      regions_.erase(it);
      return;
    }
}

const Session::Region* Session::region_of(std::uint64_t recorded) const {
  auto it = regions_.upper_bound(recorded);
  if (it == regions_.begin()) return nullptr;
  --it;
  return recorded - it->first < it->second.size ? &it->second : nullptr;
}

void* Session::live_address(std::uint64_t recorded) const {
  auto it = regions_.upper_bound(recorded);
  if (it == regions_.begin()) return nullptr;
  --it;
  if (recorded - it->first >= it->second.size) return nullptr;
  return static_cast<char*>(it->second.live) + (recorded - it->first);
}

std::uint64_t Session::skipped_region(std::uint64_t recorded) const {
  auto it = skipped_regions_.upper_bound(recorded);
  if (it == skipped_regions_.begin()) return 0;
  --it;
  return recorded - it->first < it->second.first ? it->second.second : 0;
}

void Session::keep_for_object(std::string bytes, void*& data) {
  object_memory_.push_back(std::make_unique<std::string>(std::move(bytes)));
  data = object_memory_.back()->data();
}

void Session::keep_until_finished(cl_command_queue queue, std::string bytes, const void*& data) {
  auto& kept = in_flight_[queue];
  kept.push_back(std::make_unique<std::string>(std::move(bytes)));
  data = kept.back()->data();
}

void Session::queue_finished(cl_command_queue queue) {
  if (auto found = checks_.find(queue); found != checks_.end()) {
    run_checks(found->second);
    checks_.erase(found);
  }
  in_flight_.erase(queue);
}

void Session::run_checks(std::vector<Check>& checks) {
  for (Check& c : checks) {
    if (c.image) {
      compare_pixels(c.call, c.entry, c.object, c.recorded, c.live, *c.image);
      continue;
    }
    compare(c.call, c.entry, c.object, c.recorded,
            std::string_view(static_cast<const char*>(c.live), std::min(c.size, c.recorded.size())));
  }
  checks.clear();
}

std::size_t Session::Pixels::span() const {
  if (region[0] == 0 || region[1] == 0 || region[2] == 0 || element == 0) return 0;
  const std::size_t last_row = array_1d ? 0 : (region[1] - 1) * row_pitch;
  const std::size_t last_slice = (array_1d ? region[1] - 1 : region[2] - 1) * slice_pitch;
  return last_slice + last_row + region[0] * element;
}

void Session::compare_pixels(std::uint64_t call, std::string_view entry, trace::Handle object,
                             std::string_view recorded, const void* replayed, const Pixels& p) {
  if (replayed == nullptr || p.span() == 0) return;
  ++compared;
  const auto* base = static_cast<const unsigned char*>(replayed);
  const std::size_t row_bytes = p.region[0] * p.element;
  // Row by row: the recorded pixels one row after another, the replayed ones at the pitches.
  std::uint64_t differing = 0;
  std::optional<std::size_t> first_packed;  // in the recorded, packed bytes
  std::size_t first_offset = 0;              // in the replayed host memory
  std::size_t packed = 0;
  for (std::size_t z = 0; z < p.region[2]; ++z)
    for (std::size_t y = 0; y < p.region[1]; ++y) {
      const std::size_t offset = p.array_1d ? y * p.slice_pitch : z * p.slice_pitch + y * p.row_pitch;
      for (std::size_t k = 0; k < row_bytes; ++k, ++packed) {
        const unsigned char want = packed < recorded.size() ? static_cast<unsigned char>(recorded[packed]) : 0;
        if (packed >= recorded.size() || base[offset + k] == want) continue;
        ++differing;
        if (!first_packed) {
          first_packed = packed;
          first_offset = offset + k;
        }
      }
    }
  if (differing == 0) return;
  // The pixel's bytes in memory order (channels in the format's order).
  auto pixel_bytes = [&](auto byte_at) {
    std::string out;
    for (std::size_t k = 0; k < p.element; ++k) out += fmt::format("{}{:02x}", k == 0 ? "" : " ", byte_at(k));
    return out;
  };
  const std::size_t index = *first_packed / p.element;  // the pixel's index in the region
  const std::size_t x = index % p.region[0], y = index / p.region[0] % p.region[1],
                    z = index / (p.region[0] * p.region[1]);
  const std::size_t start_packed = index * p.element;
  const std::size_t start_offset = first_offset - (*first_packed - start_packed);
  Divergence d;
  d.call = call;
  d.entry = entry;
  d.object = object;
  d.created_by = created_by(object);
  d.offset = first_offset;
  d.element = index;
  d.pixel = p.array_1d ? fmt::format("({}, image {})", p.origin[0] + x, p.origin[1] + y)
                       : fmt::format("({}, {}, {})", p.origin[0] + x, p.origin[1] + y, p.origin[2] + z);
  d.pixel_size = p.element;
  d.recorded = pixel_bytes([&](std::size_t k) {
    return start_packed + k < recorded.size() ? static_cast<unsigned char>(recorded[start_packed + k]) : 0;
  });
  d.replayed = pixel_bytes([&](std::size_t k) { return base[start_offset + k]; });
  std::tie(d.last_writer, d.last_writer_kernel) = last_writer(object);
  d.differing = differing;
  diverged(std::move(d));
}

void Session::event_completed(std::uint64_t event) {
  for (auto& [queue, checks] : checks_) {
    std::vector<Check> now;
    std::erase_if(checks, [&](Check& c) {
      if (c.event.id != event) return false;
      now.push_back(std::move(c));
      return true;
    });
    run_checks(now);
  }
}

const trace::Value* Session::read_bytes(std::uint64_t call, std::uint32_t param) const {
  if (read_bytes_ == nullptr) return nullptr;
  auto found = read_bytes_->find(call);
  if (found == read_bytes_->end()) return nullptr;
  for (const trace::ReadBytes& read : found->second)
    if (read.param == param) return &read.bytes;
  return nullptr;
}

void Session::compare(std::uint64_t call, std::string_view entry, trace::Handle object,
                      std::string_view recorded, std::string_view replayed) {
  ++compared;
  std::size_t first = replayed.size();
  std::uint64_t differing = 0;
  for (std::size_t k = 0; k < replayed.size() && k < recorded.size(); ++k)
    if (replayed[k] != recorded[k]) {
      if (first == replayed.size()) first = k;
      ++differing;
    }
  if (differing == 0) return;
  // A 32-bit little-endian word at `offset` (fewer bytes at the end), in hex.
  auto word_at = [](std::string_view bytes, std::size_t offset) {
    std::uint32_t word = 0;
    const std::size_t start = offset / 4 * 4;
    for (std::size_t k = 0; k < 4 && start + k < bytes.size(); ++k)
      word |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[start + k])) << (8 * k);
    return fmt::format("0x{:08x}", word);
  };
  Divergence d;
  d.call = call;
  d.entry = entry;
  d.object = object;
  d.created_by = created_by(object);
  d.offset = first;
  d.element = first / 4;
  d.recorded = word_at(recorded, first);
  d.replayed = word_at(replayed, first);
  std::tie(d.last_writer, d.last_writer_kernel) = last_writer(object);
  d.differing = differing;
  diverged(std::move(d));
}

void Session::kernel_named(trace::Handle kernel, std::string name) {
  kernel_names_[kernel.id] = std::move(name);
}

void Session::argument(trace::Handle kernel, std::uint32_t index, trace::Handle mem) {
  auto& arguments = kernel_arguments_[kernel.id];
  if (mem.id == 0)
    arguments.erase(index);
  else
    arguments[index] = mem.id;
}

void Session::launched(trace::Handle kernel, std::uint64_t call) {
  auto found = kernel_arguments_.find(kernel.id);
  if (found == kernel_arguments_.end()) return;
  for (const auto& [index, mem] : found->second) last_launch_[mem] = {call, kernel.id};
}

std::pair<std::uint64_t, std::string> Session::last_writer(trace::Handle mem) const {
  auto found = last_launch_.find(mem.id);
  if (found == last_launch_.end()) return {0, {}};
  auto name = kernel_names_.find(found->second.second);
  return {found->second.first, name == kernel_names_.end() ? std::string() : name->second};
}

void Session::diverged(Divergence d) { divergences_.push_back(std::move(d)); }
void Session::skip(Skipped s) { skipped_.push_back(std::move(s)); }
void Session::stop(std::string reason) {
  if (stop_reason_.empty()) stop_reason_ = std::move(reason);
}

std::optional<std::pair<std::uint64_t, std::string>> Session::source_for(trace::Handle program) {
  if (!sources_) {
    sources_.emplace();
    trace::RecordView record;
    trace::Call call;
    for (reader_.rewind(); reader_.next(record);) {
      if (record.kind != trace::RecordKind::Call || !reader_.decode(record, call) || call.error != 0) continue;
      if (call.name == "clCreateProgramWithSource" && call.params.size() > 2) {
        std::string text;
        for (const trace::Value& piece : call.params[2].items) {
          if (piece.kind == trace::ValueKind::Bytes || piece.kind == trace::ValueKind::String)
            text += piece.bytes;
          else if (piece.kind == trace::ValueKind::Blob)
            text += reader_.blob(piece.number).value_or("");
        }
        if (!text.empty()) sources_->programs.emplace_back(call.index, std::move(text));
      }
      if (call.name == "clCreateKernel" && call.params.size() > 1)
        sources_->kernels[call.params[0].number].push_back(call.params[1].bytes);
    }
    std::sort(sources_->programs.begin(), sources_->programs.end());
  }
  const auto kernels = sources_->kernels.find(program.id);
  if (kernels == sources_->kernels.end()) return std::nullopt;
  for (const auto& [call, text] : sources_->programs) {
    const bool defines_all = std::all_of(kernels->second.begin(), kernels->second.end(),
                                         [&](const std::string& name) {
                                           return text.find(name) != std::string::npos;
                                         });
    if (defines_all) return std::make_pair(call, text);
  }
  return std::nullopt;
}

bool Session::device_has_images() {
  using DeviceInfo = cl_int(CL_API_CALL*)(cl_device_id, cl_device_info, size_t, void*, size_t*);
  auto info = reinterpret_cast<DeviceInfo>(function("clGetDeviceInfo"));
  cl_bool images = CL_FALSE;
  return info != nullptr && info(device(), CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, nullptr) == CL_SUCCESS &&
         images == CL_TRUE;
}

cl_device_svm_capabilities Session::device_svm() {
  using DeviceInfo = cl_int(CL_API_CALL*)(cl_device_id, cl_device_info, size_t, void*, size_t*);
  auto info = reinterpret_cast<DeviceInfo>(function("clGetDeviceInfo"));
  cl_device_svm_capabilities svm = 0;
  if (info == nullptr || info(device(), CL_DEVICE_SVM_CAPABILITIES, sizeof svm, &svm, nullptr) != CL_SUCCESS) return 0;
  return svm;
}

bool Session::device_has(const std::string& extension) {
  if (!device_extensions_) {
    using DeviceInfo = cl_int(CL_API_CALL*)(cl_device_id, cl_device_info, size_t, void*, size_t*);
    auto info = reinterpret_cast<DeviceInfo>(function("clGetDeviceInfo"));
    std::string text(8192, '\0');
    size_t size = 0;
    if (info == nullptr || info(device(), CL_DEVICE_EXTENSIONS, text.size(), text.data(), &size) != CL_SUCCESS)
      size = 0;
    text.resize(size);
    for (char& c : text)
      if (c == '\0') c = ' ';
    device_extensions_ = " " + text + " ";
  }
  return device_extensions_->find(" " + extension + " ") != std::string::npos;
}

bool Session::offers(const std::string& extension) {
  if (device_has(extension)) return true;
  if (!platform_extensions_) {
    using PlatformInfo = cl_int(CL_API_CALL*)(cl_platform_id, cl_platform_info, size_t, void*, size_t*);
    auto info = reinterpret_cast<PlatformInfo>(function("clGetPlatformInfo"));
    std::string text(8192, '\0');
    size_t size = 0;
    if (info == nullptr || info(platform_, CL_PLATFORM_EXTENSIONS, text.size(), text.data(), &size) != CL_SUCCESS)
      size = 0;
    text.resize(size);
    for (char& c : text)
      if (c == '\0') c = ' ';
    platform_extensions_ = " " + text + " ";
  }
  return platform_extensions_->find(" " + extension + " ") != std::string::npos;
}

cl_command_queue Session::queue_for(cl_mem mem) {
  using GetMemInfo = cl_int(CL_API_CALL*)(cl_mem, cl_mem_info, size_t, void*, size_t*);
  using CreateQueue = cl_command_queue(CL_API_CALL*)(cl_context, cl_device_id,
                                                     cl_command_queue_properties, cl_int*);
  auto info = reinterpret_cast<GetMemInfo>(function("clGetMemObjectInfo"));
  auto create = reinterpret_cast<CreateQueue>(function("clCreateCommandQueue"));
  cl_context context = nullptr;
  if (info == nullptr || create == nullptr ||
      info(mem, CL_MEM_CONTEXT, sizeof context, &context, nullptr) != CL_SUCCESS)
    return nullptr;
  if (auto found = content_queues_.find(context); found != content_queues_.end())
    return found->second;
  cl_int error = CL_SUCCESS;
  cl_command_queue queue = create(context, device(), 0, &error);
  if (error != CL_SUCCESS) return nullptr;
  content_queues_[context] = queue;
  return queue;
}

}  // namespace clvet::replay
