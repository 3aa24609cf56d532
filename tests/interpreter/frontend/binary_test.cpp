// clvet's program binary: round trips, and garbage (truncations, flipped bytes, random bytes)
// read back as false with a reason, never a crash.
#include <random>

#include "frontend_test_support.h"

using namespace clvet::interp;
using namespace clvet::interp::testing;

namespace {

ProgramBinary sample() {
  ProgramBinary b;
  b.kind = BinaryKind::CompiledObject;
  b.options = "-DX=1 -cl-mad-enable";
  b.bitcode = compile("__kernel void k(__global int* p) { *p = X; }", b.options).bitcode;
  return b;
}

TEST(ProgramBinary, RoundTrip) {
  ProgramBinary in = sample();
  Bytes bytes = write_program_binary(in);
  ProgramBinary out;
  std::string error;
  ASSERT_TRUE(read_program_binary(bytes.data(), bytes.size(), out, error)) << error;
  EXPECT_EQ(out.kind, in.kind);
  EXPECT_EQ(out.options, in.options);
  EXPECT_EQ(out.bitcode, in.bitcode);
}

TEST(ProgramBinary, EveryTruncationIsRefused) {
  Bytes bytes = write_program_binary(sample());
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    ProgramBinary out;
    std::string error;
    EXPECT_FALSE(read_program_binary(bytes.data(), n, out, error)) << n;
    EXPECT_FALSE(error.empty());
  }
}

TEST(ProgramBinary, FlippedBytesAreRefused) {
  Bytes bytes = write_program_binary(sample());
  for (std::size_t i = 0; i < bytes.size(); i += 7) {
    Bytes damaged = bytes;
    damaged[i] ^= 0x5a;
    ProgramBinary out;
    std::string error;
    EXPECT_FALSE(read_program_binary(damaged.data(), damaged.size(), out, error)) << i;
  }
}

TEST(ProgramBinary, RandomBytesAreRefused) {
  std::mt19937 random(1234);
  for (int round = 0; round < 2000; ++round) {
    Bytes bytes(random() % 200);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(random());
    if (round % 2 && bytes.size() >= 8) std::memcpy(bytes.data(), "CLVETPRG", 8);
    ProgramBinary out;
    std::string error;
    EXPECT_FALSE(read_program_binary(bytes.data(), bytes.size(), out, error));
  }
  ProgramBinary out;
  std::string error;
  EXPECT_FALSE(read_program_binary(nullptr, 100, out, error));
}

TEST(ProgramBinary, LinkRefusesBitcodeThatIsGarbage) {
  ProgramBinary b = sample();
  b.bitcode.resize(b.bitcode.size() / 2);
  FrontEndResult r = link_bitcode({b.bitcode}, "");
  EXPECT_EQ(r.status, FrontEndStatus::InvalidInput);
  EXPECT_FALSE(r.log.empty());
}

}  // namespace
