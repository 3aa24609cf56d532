// The World that rules see under the layer: handle kinds from the layer's object table,
// info queries answered by the real driver through the next dispatch table.
#pragma once

#include <array>
#include <cstdint>

#include "clvet/checker/object_table.h"
#include "clvet/rules/world.h"
#include "kept_verdicts.h"

namespace clvet::layer {

class LayerWorld final : public rules::World {
 public:
  // What the call already found of its handles in the object table: the rules ask again
  // about the same handles, and the call's own look-ups answer them.
  struct Seen {
    const void* handle;
    api::ObjectKind kind;
  };
  static constexpr std::size_t kSeenMax = 8;
  // Left uninitialised, `count` too: every call makes one, and only a call that judges its
  // handles reads it, after setting `count` to 0 (Call::start_judging()).
  struct SeenHandles {
    std::array<Seen, kSeenMax> handles;
    std::uint8_t count;
    void add(const void* handle, api::ObjectKind kind) {
      if (count < handles.size()) handles[count++] = {handle, kind};
    }
  };

  // `version`: the OpenCL version of the platform the call goes to.
  explicit LayerWorld(rules::Version version, const SeenHandles* seen = nullptr)
      : version_(version), seen_(seen) {}
  api::ObjectKind kind_of(const void* handle) const override;
  rules::Version version() const override { return version_; }
  // Asks the driver, but only about live objects of the right kind: a handle the table does
  // not know is never passed down, where the loader would dereference it. Answers that hold
  // for the object's life (lasting_answers.h) are kept in the object table and given from
  // there afterwards.
  cl_int info(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
              std::size_t size, void* value, std::size_t* size_ret) const override;
  // What the layer kept of the program's link (linked_programs.h).
  std::string linked_uniform_reason(const void* program, const void* device) const override;
  // The live kernels of the object table whose program is `program` (attached_kernels.cpp):
  // the application's count, not the driver's, so that a kernel the application released but
  // an enqueued command still needs is none of them (the driver answers that case itself).
  std::size_t kernels_held(const void* program) const override;

  // The call's verdict being recorded (kept_verdicts.h): an answer that may change is noted in
  // it (the handles the rules ask about are noted by kept_verdicts::RecordingWorld).
  void record(kept_verdicts::Verdict* verdict) const { recording_ = verdict; }
  kept_verdicts::Verdict* recording() const { return recording_; }
  // The call passed every rule before, unchanged: nothing is judged.
  void judged_before() const { judged_before_ = true; }
  bool was_judged_before() const { return judged_before_; }
  // Notes what a rule asks of `handle` outside the World in the verdict being recorded, if any.
  void asked(const void* handle) const {
    if (recording_ != nullptr && handle != nullptr) [[unlikely]]
      recording_->depends_on(handle);
  }

 private:
  // info() of what is not one of the object's facts, or not yet kept as one.
  [[gnu::noinline]] cl_int not_a_fact(rules::InfoQuery query, const void* handle,
                                      const void* extra, cl_uint param, std::size_t size,
                                      void* value, std::size_t* size_ret) const;
  // info() of a context's or a program's devices: those kept for it, else as any other.
  [[gnu::noinline]] cl_int associated_or_asked(rules::InfoQuery query, const void* handle,
                                               const void* extra, cl_uint param, std::size_t size,
                                               void* value, std::size_t* size_ret) const;
  // info() from the answers the object table keeps, else as not_kept().
  cl_int kept_or_asked(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
                       std::size_t size, void* value, std::size_t* size_ret) const;
  // info() of an answer the table does not keep: asked of the driver (and kept if it lasts).
  [[gnu::noinline]] cl_int not_kept(rules::InfoQuery query, const void* handle, const void* extra,
                                    cl_uint param, std::size_t size, void* value,
                                    std::size_t* size_ret) const;
  // Keeps a lasting answer: as one of the object's facts where it is one, else with its
  // other answers.
  static void keep(rules::InfoQuery query, const void* handle,
                   const checker::ObjectTable::AnswerKey& key, std::size_t size, const void* value);
  cl_int ask_driver(rules::InfoQuery query, const void* handle, const void* extra, cl_uint param,
                    std::size_t size, void* value, std::size_t* size_ret) const;

  // An answer that may change (or an error of the driver): the verdict is not kept.
  void may_change() const {
    if (recording_ != nullptr) recording_->unkept = true;
  }

  rules::Version version_;
  const SeenHandles* seen_;
  mutable kept_verdicts::Verdict* recording_ = nullptr;
  mutable bool judged_before_ = false;
};

}  // namespace clvet::layer
