// The live side of a replay: recorded handles mapped to the target's objects, recorded host
// addresses mapped to live memory, the target's entry points, and what replay found.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "clvet/replay/controller.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/reader.h"
#include "clvet/trace/records.h"
#include "live_objects.h"
#include "scratch.h"

namespace clvet::replay {

class Session {
 public:
  Session(trace::Reader& reader, cl_platform_id platform, std::vector<cl_device_id> devices,
          std::size_t device, const Target& target, const std::vector<DeviceMapping>& mapping);
  ~Session();  // releases what the replay still holds
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const Target& target() const { return target_; }
  trace::Reader& reader() { return reader_; }
  cl_platform_id platform() const { return platform_; }
  cl_device_id device() const { return devices_[device_]; }

  // The target's entry point `entry` (index in api::entry_points()), through the loader;
  // extension entry points through clGetExtensionFunctionAddressForPlatform.
  void* function(std::uint32_t entry) {
    if (entry < functions_.size() && functions_[entry] != kUnresolved) return functions_[entry];
    return resolve(entry);
  }
  void* function(const char* name);

  // Tells the reference device the trace's index of the call about to be re-issued, so that
  // its kernel findings name it (clvetUseCallIndexCLVET); nothing on other platforms.
  void about_to_issue(std::uint64_t call) {
    if (use_call_index_ != nullptr) use_call_index_(call);
  }

  // The arguments of the call being re-issued live here (Reissue resets it).
  Scratch& scratch() { return scratch_; }
  // The bytes of the trace's blob `hash` (decompressed and checked once: a loop that writes
  // the same bytes a thousand times decompresses them once), nullptr when the trace lacks
  // them. Valid until the next call is re-issued.
  const std::string* blob(std::uint64_t hash);
  void forget_blobs_if_large();  // between calls: the cache is emptied past its limit

  // Recorded objects and their live counterparts.
  void* live(trace::Handle handle) const {
    if (handle.kind == api::ObjectKind::Platform) return platform_;
    const LiveObjects::Object* o = objects_.find(handle);
    return o == nullptr ? nullptr : o->live;
  }
  void bind(trace::Handle handle, void* live, std::uint64_t call);
  std::uint64_t created_by(trace::Handle handle) const;
  bool skipped_object(trace::Handle handle) const { return skipped_by(handle) != 0; }  // its creating call was skipped
  std::uint64_t skipped_by(trace::Handle handle) const {
    const LiveObjects::Object* o = objects_.find(handle);
    return o == nullptr ? 0 : o->skipped_by;
  }
  void mark_skipped(trace::Handle handle, std::uint64_t call);
  // A recorded device's live device: a sub-device the replay partitioned, or the target's
  // device that the mapping gives it (a device the trace does not name: the selected one).
  void* device_for(std::uint64_t recorded_id) const;
  // A property's value with handles (CL_CONTEXT_PLATFORM) mapped.
  std::uint64_t live_property(std::uint64_t key, std::uint64_t value) const;

  // Where an image transfer's pixels lie in host memory (1.2 §5.3.3): the region at
  // `origin`, `element` bytes a pixel, rows and slices at the pitches (filled in: never 0).
  struct Pixels {
    std::size_t origin[3] = {0, 0, 0};
    std::size_t region[3] = {0, 0, 0};
    std::size_t element = 0;
    std::size_t row_pitch = 0, slice_pitch = 0;
    bool array_1d = false;  // a 1D image array: region[1] counts images, slice_pitch apart
    std::size_t span() const;  // bytes from the first pixel to the end of the last
  };
  // Recorded host addresses (mapped regions, SVM allocations, USE_HOST_PTR memory) and the
  // live memory each stands for.
  struct Region {
    std::uint64_t size = 0;
    void* live = nullptr;
    cl_mem memobj = nullptr;
    std::uint64_t map_flags = 0;
    std::optional<Pixels> image;  // a mapped image region: its pixels at the target's pitches
  };
  void add_region(std::uint64_t recorded, std::uint64_t size, void* live, cl_mem memobj = nullptr,
                  std::uint64_t map_flags = 0, std::optional<Pixels> image = std::nullopt);
  void remove_region(void* live);
  void* live_address(std::uint64_t recorded) const;
  // An SVM allocation the replay could not make: the call it skipped, for what uses it.
  void skip_region(std::uint64_t recorded, std::uint64_t size, std::uint64_t call) {
    skipped_regions_[recorded] = {size == 0 ? 1 : size, call};
  }
  std::uint64_t skipped_region(std::uint64_t recorded) const;
  const Region* region_of(std::uint64_t recorded) const;
  // Memory that must outlive the call that handed it to the target.
  void keep_for_object(std::string bytes, void*& data);
  void keep_until_finished(cl_command_queue queue, std::string bytes, const void*& data);
  void queue_finished(cl_command_queue queue);

  // Kernels and their buffer arguments; the launch that last had a buffer as argument.
  void kernel_named(trace::Handle kernel, std::string name);
  void argument(trace::Handle kernel, std::uint32_t index, trace::Handle mem);
  void launched(trace::Handle kernel, std::uint64_t call);
  std::pair<std::uint64_t, std::string> last_writer(trace::Handle mem) const;

  // The source of a program the trace created from source whose text defines every kernel
  // the trace creates from `program` (a binary the target cannot load is rebuilt from it):
  // the creating call's index and the text. One pass over the trace, the first time.
  std::optional<std::pair<std::uint64_t, std::string>> source_for(trace::Handle program);
  void note(std::string text) { notes_.push_back(std::move(text)); }
  const std::vector<std::string>& notes() const { return notes_; }

  // The bytes a call's read gave the application when recorded, from a ReadBytes record.
  void use_read_bytes(const std::unordered_map<std::uint64_t, std::vector<trace::ReadBytes>>* reads) {
    read_bytes_ = reads;
  }
  const trace::Value* read_bytes(std::uint64_t call, std::uint32_t param) const;
  // Compares what a read gives the replay with what it gave the application; a divergence
  // when they differ.
  void compare(std::uint64_t call, std::string_view entry, trace::Handle object,
               std::string_view recorded, std::string_view replayed);
  // The pixels of an image read or map, rows at the target's pitches, against the recorded
  // ones, which the recorder keeps packed; a divergence names the first pixel that differs.
  void compare_pixels(std::uint64_t call, std::string_view entry, trace::Handle object,
                      std::string_view recorded, const void* replayed, const Pixels& pixels);
  // A comparison that waits for its command: run at the queue's clFinish, or when the event
  // is waited for.
  struct Check {
    std::uint64_t call = 0;
    std::string entry;
    trace::Handle object, event;
    std::string recorded;
    const void* live = nullptr;
    std::size_t size = 0;
    std::optional<Pixels> image;  // an image's pixels, compared by compare_pixels
  };
  void check_later(cl_command_queue queue, Check check) { checks_[queue].push_back(std::move(check)); }
  void event_completed(std::uint64_t event);

  // What replay found.
  void diverged(Divergence d);
  void skip(Skipped s);
  void stop(std::string reason);
  void add_to_stop_reason(const std::string& more) { if (!stop_reason_.empty()) stop_reason_ += more; }
  // Programs whose source uses double, or images; what the selected device has.
  void uses_fp64(trace::Handle program) { fp64_programs_.insert(program.id); }
  bool fp64(trace::Handle program) const { return fp64_programs_.contains(program.id); }
  void uses_images(trace::Handle program) { image_programs_.insert(program.id); }
  bool images(trace::Handle program) const { return image_programs_.contains(program.id); }
  bool device_has(const std::string& extension);
  // An extension of the selected device's or of the platform's (CL_PLATFORM_EXTENSIONS).
  bool offers(const std::string& extension);
  bool device_has_images();
  cl_device_svm_capabilities device_svm();
  bool stopped() const { return !stop_reason_.empty(); }
  const std::string& stop_reason() const { return stop_reason_; }
  const std::vector<Divergence>& divergences() const { return divergences_; }
  const std::vector<Skipped>& skipped() const { return skipped_; }
  std::uint64_t replayed = 0;
  std::uint64_t replayed_directly = 0;  // of those, issued straight from their records
  std::uint64_t failed_when_recorded = 0;
  std::uint64_t compared = 0;  // reads and answers compared with the recorded ones

  // A queue of the object's context on the selected device, for reading contents.
  cl_command_queue queue_for(cl_mem mem);

 private:
  static std::uint64_t key(trace::Handle h) {
    return static_cast<std::uint64_t>(h.kind) << 56 | h.id;
  }
  trace::Reader& reader_;
  Scratch scratch_;
  std::unordered_map<std::uint64_t, std::string> blobs_;
  std::size_t blob_bytes_ = 0;
  cl_platform_id platform_;
  std::vector<cl_device_id> devices_;
  std::size_t device_ = 0;
  Target target_;
  // The target's entry points by index, kUnresolved until first asked for (nullptr: none).
  inline static void* const kUnresolved = reinterpret_cast<void*>(std::uintptr_t{1});
  std::vector<void*> functions_;
  void* resolve(std::uint32_t entry);
  void(CL_API_CALL* use_call_index_)(cl_ulong) = nullptr;
  LiveObjects objects_;
  std::unordered_map<std::uint64_t, cl_device_id> mapped_devices_;  // recorded id -> the target's
  std::map<std::uint64_t, Region> regions_;  // by recorded start address
  std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> skipped_regions_;  // start -> size, call
  std::vector<std::unique_ptr<std::string>> object_memory_;
  std::unordered_map<cl_command_queue, std::vector<std::unique_ptr<std::string>>> in_flight_;
  std::unordered_map<std::uint64_t, std::string> kernel_names_;
  std::unordered_map<std::uint64_t, std::map<std::uint32_t, std::uint64_t>> kernel_arguments_;
  std::unordered_map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> last_launch_;  // mem -> call, kernel
  std::unordered_map<cl_context, cl_command_queue> content_queues_;
  std::vector<Divergence> divergences_;
  std::vector<Skipped> skipped_;
  std::string stop_reason_;
  std::unordered_set<std::uint64_t> fp64_programs_;
  std::unordered_set<std::uint64_t> image_programs_;
  std::optional<std::string> device_extensions_;
  std::optional<std::string> platform_extensions_;
  std::vector<std::string> notes_;
  const std::unordered_map<std::uint64_t, std::vector<trace::ReadBytes>>* read_bytes_ = nullptr;
  std::unordered_map<cl_command_queue, std::vector<Check>> checks_;
  void run_checks(std::vector<Check>& checks);
  struct Sources {
    std::vector<std::pair<std::uint64_t, std::string>> programs;  // creating call, source
    std::unordered_map<std::uint64_t, std::vector<std::string>> kernels;  // program id -> names
  };
  std::optional<Sources> sources_;
};

}  // namespace clvet::replay
