// clvet's program binary (CL_PROGRAM_BINARIES, clCreateProgramWithBinary): a framed,
// checksummed container of the bitcode, its kind and the options it was built with.
//
//   offset  size  field
//   0       8     magic "CLVETPRG"
//   8       4     format version (1)
//   12      4     kind (BinaryKind)
//   16      4     options length n
//   20      n     options (not NUL-terminated)
//   20+n    8     bitcode length m
//   28+n    m     bitcode (LLVM 15)
//   28+n+m  8     XXH3-64 of every byte before it
// Integers are little-endian. Anything else reads back as false with a reason.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstring>

#include "clvet/interp/frontend.h"

namespace clvet::interp {

namespace {

constexpr char kMagic[8] = {'C', 'L', 'V', 'E', 'T', 'P', 'R', 'G'};
constexpr std::uint32_t kFormatVersion = 1;

void put(Bytes& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

std::uint64_t get(const std::uint8_t* at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{at[i]} << (8 * i);
  return value;
}

}  // namespace

Bytes write_program_binary(const ProgramBinary& binary) {
  Bytes out(kMagic, kMagic + sizeof kMagic);
  put(out, kFormatVersion, 4);
  put(out, static_cast<std::uint32_t>(binary.kind), 4);
  put(out, binary.options.size(), 4);
  out.insert(out.end(), binary.options.begin(), binary.options.end());
  put(out, binary.bitcode.size(), 8);
  out.insert(out.end(), binary.bitcode.begin(), binary.bitcode.end());
  put(out, XXH3_64bits(out.data(), out.size()), 8);
  return out;
}

bool read_program_binary(const std::uint8_t* data, std::size_t size, ProgramBinary& out,
                         std::string& error) {
  auto fail = [&](std::string why) {
    error = "program binary: " + why;
    return false;
  };
  if (data == nullptr) return fail("no data");
  constexpr std::size_t kFixed = 8 + 4 + 4 + 4 + 8 + 8;
  if (size < kFixed)
    return fail("is truncated (needs at least " + std::to_string(kFixed) + " bytes, has " +
                std::to_string(size) + ")");
  if (std::memcmp(data, kMagic, sizeof kMagic) != 0)
    return fail("is not a clvet program binary (no CLVETPRG magic)");
  std::uint64_t version = get(data + 8, 4);
  if (version != kFormatVersion)
    return fail("has format version " + std::to_string(version) + " (this clvet reads " +
                std::to_string(kFormatVersion) + ")");
  std::uint64_t kind = get(data + 12, 4);
  if (kind < 1 || kind > 3) return fail("has an unknown kind " + std::to_string(kind));
  std::uint64_t options_length = get(data + 16, 4);
  if (options_length > size - kFixed)
    return fail("is truncated (options of " + std::to_string(options_length) +
                " bytes do not fit)");
  const std::uint8_t* at = data + 20 + options_length;
  std::uint64_t bitcode_length = get(at, 8);
  if (bitcode_length != size - kFixed - options_length)
    return fail("has a bitcode length of " + std::to_string(bitcode_length) + " bytes where " +
                std::to_string(size - kFixed - options_length) + " remain");
  std::uint64_t stored = get(data + size - 8, 8);
  if (stored != XXH3_64bits(data, size - 8)) return fail("is damaged (checksum mismatch)");
  const std::uint8_t* bitcode = at + 8;
  if (bitcode_length < 4 || bitcode[0] != 'B' || bitcode[1] != 'C' || bitcode[2] != 0xC0 ||
      bitcode[3] != 0xDE)
    return fail("holds no LLVM bitcode");
  out.kind = static_cast<BinaryKind>(kind);
  out.options.assign(reinterpret_cast<const char*>(data + 20), options_length);
  out.bitcode.assign(bitcode, bitcode + bitcode_length);
  return true;
}

}  // namespace clvet::interp
