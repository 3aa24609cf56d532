// Replay of images on PoCL: reads and maps for reading verified pixel by pixel at the call's
// own pitches (1.2 §5.3.3), the first divergence named by its pixel, and a cl_image_desc that
// names a buffer given the replay's buffer (§5.3.1.2). Traces written here with the value
// model, and the trace of tests/replay/programs/images.c recorded under the layer on PoCL.
#include <gtest/gtest.h>

#include <limits>

#include "../layer/run_program.h"
#include "clvet/replay/controller.h"
#include "clvet/rules/opencl.h"
#include "clvet/trace/writer.h"

namespace clvet::replay {
namespace {

using api::ObjectKind;
using trace::Value;
constexpr std::uint64_t kEnd = std::numeric_limits<std::uint64_t>::max();

// A trace of one thread's calls on platform 1, device 2, context 3, queue 4.
class TraceFile {
 public:
  explicit TraceFile(const std::string& stem) : path_(test::temporary_path(stem) + ".clvt") {
    std::string error;
    writer_ = trace::Writer::create(path_, error);
    EXPECT_TRUE(writer_) << error;
    call("clGetPlatformIDs", {Value::uint(1), Value::pointer(0x10), Value::null()}, Value::sint(0), {},
         {{1, Value::array({Value::handle(ObjectKind::Platform, 1)})}});
    call("clGetDeviceIDs",
         {Value::handle(ObjectKind::Platform, 1), Value::uint(CL_DEVICE_TYPE_ALL), Value::uint(1),
          Value::pointer(0x20), Value::null()},
         Value::sint(0), {}, {{3, Value::array({Value::handle(ObjectKind::Device, 2)})}});
    call("clCreateContext",
         {Value::null(), Value::uint(1), Value::array({Value::handle(ObjectKind::Device, 2)}), Value::pointer(0),
          Value::pointer(0), Value::pointer(0x30)},
         Value::handle(ObjectKind::Context, 3));
    call("clCreateCommandQueue",
         {Value::handle(ObjectKind::Context, 3), Value::handle(ObjectKind::Device, 2), Value::uint(0),
          Value::pointer(0x30)},
         Value::handle(ObjectKind::CommandQueue, 4));
  }
  std::uint64_t call(std::string_view name, std::vector<Value> params, Value result = Value::sint(0),
                     std::vector<trace::ParamValue> inputs = {}, std::vector<trace::ParamValue> outputs = {}) {
    trace::Call c;
    c.index = ++calls_;
    c.thread = 1;
    c.enter_ns = 10 * c.index;
    c.exit_ns = c.enter_ns + 1;
    c.entry = trace::entry_index(*api::find_entry_point(name));
    c.params = std::move(params);
    c.result = std::move(result);
    c.inputs = std::move(inputs);
    c.outputs = std::move(outputs);
    if (c.result.kind == trace::ValueKind::Handle) c.created.push_back(c.result.as_handle());
    writer_->write_call(c);
    return c.index;
  }
  Value data(const std::string& bytes) { return writer_->store_data(bytes.data(), bytes.size()); }
  const std::string& close() {
    writer_->close();
    return path_;
  }

 private:
  std::string path_;
  std::unique_ptr<trace::Writer> writer_;
  std::uint64_t calls_ = 0;
};

template <typename T>
Value bytes_of(const T& value) {
  return Value::inline_bytes(&value, sizeof value);
}
Value triple(std::size_t a, std::size_t b, std::size_t c) {
  return Value::array({Value::uint(a), Value::uint(b), Value::uint(c)});
}
constexpr cl_image_format kRgba8 = {CL_RGBA, CL_UNSIGNED_INT8};

// clEnqueueReadImage of `image`'s `region` at `origin` into rows `row_pitch` apart, which gave
// the application `pixels` (packed, as the recorder keeps them).
std::uint64_t read_image(TraceFile& t, std::uint64_t image, Value origin, Value region, std::size_t row_pitch,
                         const std::string& pixels) {
  return t.call("clEnqueueReadImage",
                {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, image), Value::uint(1),
                 std::move(origin), std::move(region), Value::uint(row_pitch), Value::uint(0),
                 Value::pointer(0x5000), Value::uint(0), Value::null(), Value::null()},
                Value::sint(0), {}, {{7, t.data(pixels)}});
}

// A 4 x 2 RGBA8 image whose byte k is k, read into rows of 20 bytes (4 of padding); the
// recording saw pixel (2, 1)'s second channel as 0x99: the divergence is that pixel, at
// offset 1 * 20 + 2 * 4 + 1 of the host memory, its four bytes each way.
TEST(ReplayImages, ReadWithPaddedRowsNamesTheFirstDifferingPixel) {
  TraceFile t("replay-image-read");
  std::string pixels(32, '\0');
  for (std::size_t k = 0; k < pixels.size(); ++k) pixels[k] = static_cast<char>(k);
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 4;
  desc.image_height = 2;
  const auto create = t.call("clCreateImage",
                             {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
                              bytes_of(kRgba8), bytes_of(desc), Value::pointer(0x4000), Value::pointer(0x30)},
                             Value::handle(ObjectKind::Mem, 5), {{4, t.data(pixels)}});
  std::string seen = pixels;
  seen[(1 * 4 + 2) * 4 + 1] = '\x99';
  const auto read = read_image(t, 5, triple(0, 0, 0), triple(4, 2, 1), 20, seen);
  // The same pixel read alone, at (2, 1): named by its place in the image.
  const auto one = read_image(t, 5, triple(2, 1, 0), triple(1, 1, 1), 0, seen.substr(24, 4));
  std::string error;
  auto replay = Controller::open(t.close(), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_EQ(replay->compared_count(), 2u);
  ASSERT_EQ(replay->divergences().size(), 2u);
  const Divergence& d = replay->divergences()[0];
  EXPECT_EQ(d.call, read);
  EXPECT_EQ(d.entry, "clEnqueueReadImage");
  EXPECT_EQ(d.object, (trace::Handle{ObjectKind::Mem, 5}));
  EXPECT_EQ(d.created_by, create);
  EXPECT_EQ(d.pixel, "(2, 1, 0)");
  EXPECT_EQ(d.offset, 29u);
  EXPECT_EQ(d.element, 6u);
  EXPECT_EQ(d.recorded, "18 99 1a 1b");
  EXPECT_EQ(d.replayed, "18 19 1a 1b");
  EXPECT_EQ(d.differing, 1u);
  EXPECT_NE(d.describe().find("pixel (2, 1, 0)"), std::string::npos) << d.describe();
  EXPECT_EQ(replay->divergences()[1].call, one);
  EXPECT_EQ(replay->divergences()[1].pixel, "(2, 1, 0)");
  EXPECT_EQ(replay->divergences()[1].offset, 1u);
}

// A 1D image buffer over a buffer: the description's mem_object holds an address of the
// recording process, and the recorder's Input names the buffer; the replay's image views the
// replay's buffer, and reads its texels. Without that Input, the call is not re-issued.
std::string image_buffer_trace(bool identified) {
  TraceFile t(identified ? "replay-image-buffer" : "replay-image-buffer-unknown");
  std::string texels(64, '\0');
  for (std::size_t k = 0; k < texels.size(); ++k) texels[k] = static_cast<char>(3 * k + 1);
  t.call("clCreateBuffer",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
          Value::uint(64), Value::pointer(0x1000), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 5), {{3, t.data(texels)}});
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  desc.image_width = 16;
  desc.buffer = reinterpret_cast<cl_mem>(std::uintptr_t{0xdead0000});  // the recording process's
  std::vector<trace::ParamValue> inputs;
  if (identified) inputs.push_back({3, Value::handle(ObjectKind::Mem, 5)});
  t.call("clCreateImage",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_ONLY), bytes_of(kRgba8), bytes_of(desc),
          Value::null(), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 6), inputs);
  read_image(t, 6, triple(0, 0, 0), triple(16, 1, 1), 0, texels);
  return t.close();
}

TEST(ReplayImages, ImageDescriptionNamesTheReplayedBuffer) {
  std::string error;
  auto replay = Controller::open(image_buffer_trace(true), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_EQ(replay->compared_count(), 1u);
  EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();

  replay = Controller::open(image_buffer_trace(false), error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::Stopped);
  EXPECT_NE(replay->stop_reason().find("argument image_desc: its mem_object, 0xdead0000, is not identified"),
            std::string::npos)
      << replay->stop_reason();
}

// A trace whose image has a format the reference device does not list (CL_Rx: optional, and
// not listed, layer/device/api/image_api.cpp), written here as a platform that lists it would
// have recorded it: the image created from 16 host bytes, read back, then a buffer written and
// read. On the reference device the replay stops at the image's creation, naming the call and
// the format (issue's "say which call needs what"); with --skip-unsupported it skips the
// creation and the read that uses the image, and goes on to verify the buffer's read.
std::string unlisted_format_trace() {
  TraceFile t("replay-image-unlisted-format");
  std::string texels(16, '\0');
  for (std::size_t k = 0; k < texels.size(); ++k) texels[k] = static_cast<char>(0x40 + k);
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 4;
  desc.image_height = 2;
  const cl_image_format rx{CL_Rx, CL_UNORM_INT8};
  t.call("clCreateImage",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR),
          bytes_of(rx), bytes_of(desc), Value::pointer(0x4000), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 5), {{4, t.data(texels)}});
  read_image(t, 5, triple(0, 0, 0), triple(4, 2, 1), 0, texels);
  const std::string words = "sixteen bytes..!";
  t.call("clCreateBuffer",
         {Value::handle(ObjectKind::Context, 3), Value::uint(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR),
          Value::uint(16), Value::pointer(0x1000), Value::pointer(0x30)},
         Value::handle(ObjectKind::Mem, 6), {{3, t.data(words)}});
  t.call("clEnqueueReadBuffer",
         {Value::handle(ObjectKind::CommandQueue, 4), Value::handle(ObjectKind::Mem, 6), Value::uint(1),
          Value::uint(0), Value::uint(16), Value::pointer(0x5000), Value::uint(0), Value::null(), Value::null()},
         Value::sint(0), {}, {{5, t.data(words)}});
  return t.close();
}

TEST(ReplayImages, FormatTheTargetDoesNotListStopsOrIsSkipped) {
  const std::string trace = unlisted_format_trace();
  const std::vector<std::pair<std::string, std::string>> reference = {{"OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR}};
  auto replayed = test::run({CLVET_CLI, "replay", trace, "--platform", "reference", "--verify"}, reference);
  EXPECT_NE(replayed.status, 0) << replayed.out << replayed.err;
  EXPECT_NE(replayed.err.find("replay stopped: call 5 clCreateImage needs what the target lacks: the image "
                              "format CL_Rx / CL_UNORM_INT8 for a CL_MEM_OBJECT_IMAGE2D image with "
                              "CL_MEM_READ_ONLY, which the target's clGetSupportedImageFormats does not list "
                              "(--skip-unsupported goes on without it)"),
            std::string::npos)
      << replayed.err;
  EXPECT_EQ(replayed.out.find("verify: 1 reads"), std::string::npos) << replayed.out;

  replayed = test::run({CLVET_CLI, "replay", trace, "--platform", "reference", "--verify", "--skip-unsupported"},
                       reference);
  EXPECT_EQ(replayed.err.find("replay stopped"), std::string::npos) << replayed.err;
  EXPECT_NE(replayed.out.find("skipped: call 5 clCreateImage: the image format CL_Rx / CL_UNORM_INT8 for a "
                              "CL_MEM_OBJECT_IMAGE2D image with CL_MEM_READ_ONLY"),
            std::string::npos)
      << replayed.out;
  EXPECT_NE(replayed.out.find("skipped: call 6 clEnqueueReadImage: "), std::string::npos) << replayed.out;
  EXPECT_NE(replayed.out.find("call 5"), replayed.out.rfind("call 5")) << "the read names the skipped creation";
  // The buffer's read after them replays and is what was recorded.
  EXPECT_NE(replayed.out.find("verify: 1 reads and answers compared, all the same as recorded"), std::string::npos)
      << replayed.out;
}

// images.c under the layer on PoCL, replayed on PoCL: its three image reads, its map for
// reading and its buffer read are each compared, and are what the program read.
TEST(ReplayImages, RecordedProgramVerifiesPixelByPixel) {
  const std::string trace = test::temporary_path("replay-images") + ".clvt";
  const auto ran = test::run({CLVET_CLI, "run", "--trace=" + trace, "--report=none", "--", CLVET_REPLAY_IMAGES},
                             {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}});
  ASSERT_EQ(ran.status, 0) << ran.out << ran.err;
  ASSERT_NE(ran.out.find("images ok"), std::string::npos) << ran.out;
  std::string error;
  auto replay = Controller::open(trace, error);
  ASSERT_TRUE(replay) << error;
  ASSERT_TRUE(replay->select({.platform = "Portable", .verify = true}, error)) << error;
  EXPECT_EQ(replay->seek(kEnd), Outcome::End) << replay->stop_reason();
  EXPECT_TRUE(replay->skipped().empty()) << replay->skipped().front().reason;
  EXPECT_TRUE(replay->divergences().empty()) << replay->divergences().front().describe();
  EXPECT_EQ(replay->compared_count(), 5u);
}

// The same trace on the reference device (images and samplers, 1.2 §5.3): the same five reads
// compared and as recorded on PoCL. On a reference device without images (CLVET_IMAGES=0) the
// replay stops at the first call that needs them, naming it and what it needs; with
// --skip-unsupported it goes to its end and lists each call it skipped.
TEST(ReplayImages, RecordedProgramOnTheReferenceDeviceWithAndWithoutImages) {
  const std::string trace = test::temporary_path("replay-images-reference") + ".clvt";
  const auto ran = test::run({CLVET_CLI, "run", "--trace=" + trace, "--report=none", "--", CLVET_REPLAY_IMAGES},
                             {{"OCL_ICD_VENDORS", CLVET_POCL_ICD}});
  ASSERT_EQ(ran.status, 0) << ran.out << ran.err;
  const std::vector<std::pair<std::string, std::string>> reference = {{"OCL_ICD_VENDORS", CLVET_TWO_PLATFORMS_DIR}};
  auto replayed = test::run({CLVET_CLI, "replay", trace, "--platform", "reference", "--verify"}, reference);
  EXPECT_EQ(replayed.status, 0) << replayed.out << replayed.err;
  EXPECT_NE(replayed.out.find("verify: 5 reads and answers compared, all the same as recorded"), std::string::npos)
      << replayed.out << replayed.err;

  auto without = reference;
  without.emplace_back("CLVET_IMAGES", "0");
  replayed = test::run({CLVET_CLI, "replay", trace, "--platform", "reference", "--verify"}, without);
  EXPECT_NE(replayed.status, 0) << replayed.out << replayed.err;
  EXPECT_NE(replayed.err.find("replay stopped: call "), std::string::npos) << replayed.err;
  EXPECT_NE(replayed.err.find("image"), std::string::npos) << replayed.err;
  replayed = test::run({CLVET_CLI, "replay", trace, "--platform", "reference", "--skip-unsupported"}, without);
  EXPECT_EQ(replayed.err.find("replay stopped"), std::string::npos) << replayed.err;
  EXPECT_NE(replayed.out.find("skipped: call "), std::string::npos) << replayed.out;
}

}  // namespace
}  // namespace clvet::replay

int main(int argc, char** argv) {
  setenv("OCL_ICD_VENDORS", CLVET_POCL_ICD, 1);
  setenv("CLVET_REPORT", "none", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
