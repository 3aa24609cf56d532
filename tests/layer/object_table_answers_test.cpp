// The answers the object table keeps for the layer's rules (ObjectTable::recall/remember):
// given back exactly as the driver gave them, never for another object at the same address,
// never after they are forgotten, never torn while other threads write (run again under
// ThreadSanitizer as ThreadsAnswers*).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <latch>
#include <thread>
#include <vector>

#include "clvet/checker/object_table.h"

namespace clvet::checker {
namespace {

using Recall = ObjectTable::Recall;

const void* handle(std::uintptr_t n) { return reinterpret_cast<const void*>(0x200000 + n * 16); }

ObjectTable::Creation created_as(api::ObjectKind kind) {
  ObjectTable::Creation c;
  c.kind = kind;
  c.call = 1;
  c.entry = "clCreateBuffer";
  return c;
}

ObjectTable::AnswerKey key(std::uint32_t param, const void* extra = nullptr) {
  return {4, param, extra};
}

TEST(ObjectTableAnswers, GivesBackWhatWasKeptAsClGetInfoWould) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  const std::uint64_t size = 4096;
  table.remember(handle(1), key(0x1102), sizeof size, &size);

  std::uint64_t value = 0;
  std::size_t size_ret = 0;
  ASSERT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102), sizeof value, &value,
                         &size_ret),
            Recall::Answered);
  EXPECT_EQ(value, 4096u);
  EXPECT_EQ(size_ret, sizeof size);
  // Only the size asked for (value NULL), as clGet*Info allows.
  size_ret = 0;
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102), 0, nullptr, &size_ret),
            Recall::Answered);
  EXPECT_EQ(size_ret, sizeof size);
  // A buffer too small is the driver's error to give: not answered from the table.
  std::uint32_t small = 0;
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102), sizeof small, &small,
                         nullptr),
            Recall::NotKnown);
  // Another param, or the same param with another extra handle, is not the same answer.
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1101), 8, &value, nullptr),
            Recall::NotKnown);
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102, handle(7)), 8, &value,
                         nullptr),
            Recall::NotKnown);
}

TEST(ObjectTableAnswers, AnswersOnlyLiveObjectsOfTheKindAsked) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  const std::uint32_t flags = 1;
  table.remember(handle(1), key(0x1101), sizeof flags, &flags);
  std::uint32_t value = 0;
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Kernel, key(0x1101), 4, &value, nullptr),
            Recall::NotLive);
  EXPECT_EQ(table.recall(handle(2), api::ObjectKind::Mem, key(0x1101), 4, &value, nullptr),
            Recall::NotLive);
  EXPECT_EQ(table.recall(nullptr, api::ObjectKind::Mem, key(0x1101), 4, &value, nullptr),
            Recall::NotLive);
  ASSERT_TRUE(table.released(handle(1), 2, "clReleaseMemObject").has_value());
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1101), 4, &value, nullptr),
            Recall::NotLive);
}

TEST(ObjectTableAnswers, ANewObjectAtTheSameAddressHasNoneOfItsPredecessorsAnswers) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  const std::uint64_t old_size = 64;
  table.remember(handle(1), key(0x1102), sizeof old_size, &old_size);
  ASSERT_TRUE(table.released(handle(1), 2, "clReleaseMemObject").has_value());
  table.created(handle(1), created_as(api::ObjectKind::Mem));  // the driver reused the address
  std::uint64_t value = 0;
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102), 8, &value, nullptr),
            Recall::NotKnown);
  const std::uint64_t new_size = 128;
  table.remember(handle(1), key(0x1102), sizeof new_size, &new_size);
  ASSERT_EQ(table.recall(handle(1), api::ObjectKind::Mem, key(0x1102), 8, &value, nullptr),
            Recall::Answered);
  EXPECT_EQ(value, 128u);
}

TEST(ObjectTableAnswers, ForgottenAnswersAreAskedAgain) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Program));
  const std::int32_t success = 0;
  table.remember(handle(1), key(0x1181, handle(9)), sizeof success, &success);
  std::int32_t value = -1;
  ASSERT_EQ(table.recall(handle(1), api::ObjectKind::Program, key(0x1181, handle(9)), 4, &value,
                         nullptr),
            Recall::Answered);
  table.forget_answers(handle(1));
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Program, key(0x1181, handle(9)), 4, &value,
                         nullptr),
            Recall::NotKnown);
}

// What the layer's kept verdicts compare a handle and the kept answers by (kept_verdicts.h): a
// released object, or a new one at its address, reads differently; forgetting answers counts.
TEST(ObjectTableAnswers, StateTellsLiveReleasedAndReusedApartAndForgetsAreCounted) {
  ObjectTable table;
  EXPECT_EQ(table.state(handle(1)), ObjectTable::State{});
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  const ObjectTable::State first = table.state(handle(1));
  EXPECT_TRUE(first.live);
  EXPECT_NE(first.identity, 0u);
  EXPECT_EQ(table.state(handle(1)), first);
  table.released(handle(1), 2, "clReleaseMemObject");
  const ObjectTable::State released = table.state(handle(1));
  EXPECT_FALSE(released.live);
  EXPECT_EQ(released.identity, first.identity);
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  const ObjectTable::State second = table.state(handle(1));
  EXPECT_TRUE(second.live);
  EXPECT_NE(second.identity, first.identity);

  const std::uint64_t before = table.forgets();
  table.forget_answers(handle(1));
  EXPECT_EQ(table.forgets(), before + 1);
  table.forget_answers(handle(7));  // never seen: nothing forgotten
  EXPECT_EQ(table.forgets(), before + 1);
}

TEST(ObjectTableAnswers, ManyMoreAnswersThanSlotsAreNeverMixedUp) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Device));
  // More params than the table keeps per object: some are evicted, none is ever wrong.
  constexpr std::uint32_t kParams = 40;
  for (std::uint32_t p = 0; p < kParams; ++p) {
    const std::uint64_t answer = 1000 + p;
    table.remember(handle(1), key(0x1000 + p), sizeof answer, &answer);
  }
  int answered = 0;
  for (std::uint32_t p = 0; p < kParams; ++p) {
    std::uint64_t value = 0;
    if (table.recall(handle(1), api::ObjectKind::Device, key(0x1000 + p), 8, &value, nullptr) ==
        Recall::Answered) {
      EXPECT_EQ(value, 1000u + p);
      ++answered;
    }
  }
  EXPECT_GT(answered, 0);
  // Answers of up to kAnswerBytes are kept whole; larger ones are not kept at all.
  const char text[ObjectTable::kAnswerBytes] = "twenty-three characters";
  table.remember(handle(1), key(0x2000), sizeof text, text);
  char back[64] = {};
  std::size_t size_ret = 0;
  ASSERT_EQ(table.recall(handle(1), api::ObjectKind::Device, key(0x2000), sizeof back, back,
                         &size_ret),
            Recall::Answered);
  EXPECT_EQ(size_ret, sizeof text);
  EXPECT_EQ(std::memcmp(back, text, sizeof text), 0);
  const char longer[ObjectTable::kAnswerBytes + 1] = {};
  table.remember(handle(1), key(0x2001), sizeof longer, longer);
  EXPECT_EQ(table.recall(handle(1), api::ObjectKind::Device, key(0x2001), sizeof back, back,
                         nullptr),
            Recall::NotKnown);
}

TEST(ObjectTableFacts, GivesBackTheFactKeptForTheObjectAndKey) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Program));
  std::uint64_t value = 0;
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Program, 1, handle(9), value),
            Recall::NotKnown);
  ASSERT_TRUE(table.keep_fact(handle(1), 1, handle(9), 42));
  ASSERT_EQ(table.fact(handle(1), api::ObjectKind::Program, 1, handle(9), value),
            Recall::Answered);
  EXPECT_EQ(value, 42u);
  // Another key (another device) is not answered, and the place stays the first key's.
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Program, 1, handle(8), value),
            Recall::NotKnown);
  EXPECT_FALSE(table.keep_fact(handle(1), 1, handle(8), 43));
  EXPECT_FALSE(table.keep_fact(handle(1), 1, handle(9), 44));
  ASSERT_EQ(table.fact(handle(1), api::ObjectKind::Program, 1, handle(9), value),
            Recall::Answered);
  EXPECT_EQ(value, 42u);
  // Other places are other facts.
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Program, 0, nullptr, value), Recall::NotKnown);
  EXPECT_FALSE(table.keep_fact(handle(1), ObjectTable::kFacts, nullptr, 1));
}

TEST(ObjectTableFacts, AnswerOnlyLiveObjectsOfTheKindAsked) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  ASSERT_TRUE(table.keep_fact(handle(1), 2, nullptr, 256));
  std::uint64_t value = 0;
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Kernel, 2, nullptr, value), Recall::NotLive);
  EXPECT_EQ(table.fact(handle(2), api::ObjectKind::Mem, 2, nullptr, value), Recall::NotLive);
  EXPECT_EQ(table.fact(nullptr, api::ObjectKind::Mem, 2, nullptr, value), Recall::NotLive);
  EXPECT_FALSE(table.keep_fact(handle(2), 2, nullptr, 256));
  ASSERT_TRUE(table.released(handle(1), 2, "clReleaseMemObject").has_value());
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Mem, 2, nullptr, value), Recall::NotLive);
  EXPECT_FALSE(table.keep_fact(handle(1), 3, nullptr, 1));
}

// A driver may give a released object's address to the next object it creates, of any kind:
// none of the first object's facts answers for it, whatever kind it is.
TEST(ObjectTableFacts, ANewObjectAtTheSameAddressHasNoneOfItsPredecessorsFacts) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  ASSERT_TRUE(table.keep_fact(handle(1), 2, nullptr, 256));
  ASSERT_TRUE(table.keep_fact(handle(1), 1, nullptr, 1));
  ASSERT_TRUE(table.released(handle(1), 2, "clReleaseMemObject").has_value());
  table.created(handle(1), created_as(api::ObjectKind::Mem));
  std::uint64_t value = 0;
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Mem, 2, nullptr, value), Recall::NotKnown);
  ASSERT_TRUE(table.keep_fact(handle(1), 2, nullptr, 16));
  ASSERT_EQ(table.fact(handle(1), api::ObjectKind::Mem, 2, nullptr, value), Recall::Answered);
  EXPECT_EQ(value, 16u);
  ASSERT_TRUE(table.released(handle(1), 3, "clReleaseMemObject").has_value());
  table.created(handle(1), created_as(api::ObjectKind::Kernel));
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Kernel, 1, nullptr, value), Recall::NotKnown);
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::Kernel, 2, nullptr, value), Recall::NotKnown);
}

TEST(ObjectTableFacts, ForgottenFactsAreAskedAgain) {
  ObjectTable table;
  table.created(handle(1), created_as(api::ObjectKind::CommandQueue));
  ASSERT_TRUE(table.keep_fact(handle(1), 2, nullptr, 0));
  table.forget_answers(handle(1));
  std::uint64_t value = 0;
  EXPECT_EQ(table.fact(handle(1), api::ObjectKind::CommandQueue, 2, nullptr, value),
            Recall::NotKnown);
  ASSERT_TRUE(table.keep_fact(handle(1), 2, nullptr, 2));
  ASSERT_EQ(table.fact(handle(1), api::ObjectKind::CommandQueue, 2, nullptr, value),
            Recall::Answered);
  EXPECT_EQ(value, 2u);
}

// Eight threads keep and read the facts of the same objects at once, and forget them now and
// then: every fact read is the one kept for that object, place and key.
TEST(ThreadsFacts, ReadersNeverSeeAForeignFact) {
  ObjectTable table;
  constexpr int kObjects = 4;
  for (int o = 0; o < kObjects; ++o) table.created(handle(o), created_as(api::ObjectKind::Kernel));
  auto fact_of = [](int object, unsigned place) {
    return (std::uint64_t(object) << 32) | (std::uint64_t(place) << 8) | 0x5a;
  };
  constexpr int kThreads = 8;
  std::latch start(kThreads);
  std::atomic<long> answered{0};
  std::atomic<long> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (int i = 0; i < 20000; ++i) {
        const int pair = (i / 3 + t * 5) % (kObjects * ObjectTable::kFacts);
        const int object = pair % kObjects;
        const unsigned place = static_cast<unsigned>(pair / kObjects);
        const void* key = place % 2 ? handle(100 + object) : nullptr;
        if (i % 3 == 0) {
          table.keep_fact(handle(object), place, key, fact_of(object, place));
        } else if (i % 997 == t + 1) {
          table.forget_answers(handle(object));
        } else {
          std::uint64_t got = 0;
          if (table.fact(handle(object), api::ObjectKind::Kernel, place, key, got) ==
              Recall::Answered) {
            ++answered;
            if (got != fact_of(object, place)) ++wrong;
          }
        }
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(answered.load(), 0);
}

// Eight threads keep and recall answers of the same objects at once, and forget them now and
// then: every answer given back is the one kept for that object and param, whole.
TEST(ThreadsAnswers, ReadersNeverSeeATornOrForeignAnswer) {
  ObjectTable table;
  constexpr int kObjects = 4;
  for (int o = 0; o < kObjects; ++o) table.created(handle(o), created_as(api::ObjectKind::Kernel));
  // An answer of three words, each saying which object and param it belongs to.
  auto answer_of = [](int object, std::uint32_t param) {
    std::array<std::uint64_t, 3> words;
    for (std::uint64_t i = 0; i < 3; ++i)
      words[i] = (std::uint64_t(object) << 40) | (std::uint64_t(param) << 8) | i;
    return words;
  };
  constexpr int kThreads = 8;
  std::latch start(kThreads);
  std::atomic<long> answered{0};
  std::atomic<long> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (int i = 0; i < 20000; ++i) {
        // Each pair is kept, then recalled twice, while the other threads work on others.
        const int pair = (i / 3 + t * 5) % (kObjects * 12);
        const int object = pair % kObjects;
        const std::uint32_t param = 0x1190 + static_cast<std::uint32_t>(pair / kObjects);
        const auto expected = answer_of(object, param);
        if (i % 3 == 0) {
          table.remember(handle(object), key(param), sizeof expected, expected.data());
        } else if (i % 997 == t + 1) {
          table.forget_answers(handle(object));
        } else {
          std::array<std::uint64_t, 3> got{};
          std::size_t size_ret = 0;
          if (table.recall(handle(object), api::ObjectKind::Kernel, key(param), sizeof got,
                           got.data(), &size_ret) == Recall::Answered) {
            ++answered;
            if (got != expected || size_ret != sizeof expected) ++wrong;
          }
        }
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(answered.load(), 0);
}

}  // namespace
}  // namespace clvet::checker
