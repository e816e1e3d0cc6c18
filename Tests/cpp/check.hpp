// check.hpp — the small test harness of the C++ tests (Tests/cpp; no framework).
//
//   SL_TEST(name) { ... }            registers a test case; main() runs them all in order
//   CHECK(cond, "fmt", ...)          counts a check; prints file:line and the message on failure
//   CHECK_NEAR(a, b, tolerance)      |a - b| <= tolerance
//   CHECK_THROWS(expr, status)       expr throws snaplayout::Error with that status; gives it back
//
// An exception that escapes a test case fails it and the run goes on with the next case.
#ifndef SNAPLAYOUT_TESTS_CPP_CHECK_HPP
#define SNAPLAYOUT_TESTS_CPP_CHECK_HPP

#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "snaplayout.hpp"

namespace check {

struct Case {
  const char *name;
  void (*run)();
};

inline std::vector<Case> &cases() {
  static std::vector<Case> all;
  return all;
}
inline int &failures() {
  static int count = 0;
  return count;
}
inline int &checks() {
  static int count = 0;
  return count;
}

struct Register {
  Register(const char *name, void (*run)()) { cases().push_back({name, run}); }
};

inline void fail(const char *file, int line, const std::string &what) {
  ++failures();
  std::fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what.c_str());
}

template <class... A>
std::string format(const char *fmt, A... args) {
  char buffer[1024];
  std::snprintf(buffer, sizeof buffer, fmt, args...);
  return buffer;
}
inline std::string format(const char *fmt) { return fmt; }

/// Runs `f`; the snaplayout::Error it throws, or nullopt (a note says what happened instead).
template <class F>
std::optional<snaplayout::Error> catch_error(F &&f, std::string &note) {
  try {
    f();
    note = "no exception";
  } catch (const snaplayout::Error &e) {
    return e;
  } catch (const std::exception &e) {
    note = std::string("another exception: ") + e.what();
  }
  return std::nullopt;
}

inline int run_all(const char *program) {
  for (const Case &c : cases()) {
    const int before = failures();
    try {
      c.run();
    } catch (const std::exception &e) {
      fail(__FILE__, __LINE__, std::string(c.name) + ": uncaught exception: " + e.what());
    } catch (...) {
      fail(__FILE__, __LINE__, std::string(c.name) + ": uncaught exception");
    }
    std::printf("%s %s\n", failures() == before ? "ok  " : "FAIL", c.name);
  }
  std::printf("%s: %d checks, %d failed, %zu cases\n", program, checks(), failures(), cases().size());
  return failures() == 0 ? 0 : 1;
}

}  // namespace check

#define SL_TEST(name)                                          \
  static void test_##name();                                   \
  static const check::Register register_##name(#name, &test_##name); \
  static void test_##name()

#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    ++check::checks();                                                           \
    if (!(cond)) check::fail(__FILE__, __LINE__, std::string(#cond) + ": " + check::format(__VA_ARGS__)); \
  } while (0)

#define CHECK_NEAR(actual, expected, tolerance)                                          \
  do {                                                                                   \
    const double check_a_ = (actual), check_e_ = (expected);                             \
    CHECK(std::fabs(check_a_ - check_e_) <= (tolerance), "%s = %.17g, expected %.17g", #actual, \
          check_a_, check_e_);                                                           \
  } while (0)

// Evaluates to std::optional<snaplayout::Error>: the error, when `expr` threw one of `status`.
#define CHECK_THROWS(expr, expected_status)                                                   \
  [&]() -> std::optional<snaplayout::Error> {                                                \
    std::string check_note_;                                                                  \
    auto check_error_ = check::catch_error([&] { (void)(expr); }, check_note_);               \
    ++check::checks();                                                                        \
    if (!check_error_) {                                                                      \
      check::fail(__FILE__, __LINE__, std::string(#expr) + ": expected snaplayout::Error, " + check_note_); \
      return std::nullopt;                                                                    \
    }                                                                                         \
    if (check_error_->status() != (expected_status)) {                                        \
      check::fail(__FILE__, __LINE__, std::string(#expr) + ": status " +                     \
                                          std::to_string(static_cast<int>(check_error_->status())) + \
                                          ", " + check_error_->what());                      \
    }                                                                                         \
    return check_error_;                                                                      \
  }()

#endif
