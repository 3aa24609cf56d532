// Shared by the trace tests: a temporary directory, whole-file reads and writes, and a reader
// that collects every record of a trace.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "clvet/trace/reader.h"
#include "clvet/trace/writer.h"

namespace clvet::trace::testing {

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "clvet-trace-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes,
                        std::size_t count) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(count));
}

inline std::unique_ptr<Writer> make_writer(const std::string& path, WriterOptions options = {}) {
  std::string error;
  auto writer = Writer::create(path, error, options);
  EXPECT_TRUE(writer) << error;
  return writer;
}

inline std::unique_ptr<Reader> open_reader(const std::string& path, ReadOptions options = {}) {
  std::string error;
  auto reader = Reader::open(path, error, options);
  EXPECT_TRUE(reader) << error;
  return reader;
}

// Every call record of the trace, in file order.
inline std::vector<Call> all_calls(Reader& reader) {
  std::vector<Call> calls;
  RecordView r;
  while (reader.next(r)) {
    if (r.kind != RecordKind::Call) continue;
    Call c;
    if (reader.decode(r, c)) calls.push_back(std::move(c));
  }
  return calls;
}

// The index of an entry point in the API table, by name.
inline std::uint32_t entry_index(std::string_view name) {
  const api::EntryPoint* e = api::find_entry_point(name);
  EXPECT_TRUE(e) << name;
  return static_cast<std::uint32_t>(e - api::entry_points().data());
}

}  // namespace clvet::trace::testing
