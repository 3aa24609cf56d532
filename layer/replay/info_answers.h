// Which clGet*Info answers a replay can compare with the recorded ones: those the
// specification fixes from the arguments the application passed (a buffer's size and flags,
// a kernel's name and arguments), not those each platform chooses (names, limits, pitches).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace clvet::replay::info_answers {

bool platform_independent(std::string_view entry, std::uint32_t param_name);
// "CL_MEM_SIZE", or the number in hex.
std::string name(std::string_view entry, std::uint32_t param_name);
// An answer as text: a string when it is one, else its bytes as little-endian numbers.
std::string show(std::string_view bytes);

}  // namespace clvet::replay::info_answers
