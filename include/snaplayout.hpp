/*
 * snaplayout.hpp — a header-only C++17 interface over snaplayout.h (docs/CPP.md).
 *
 * Everything here calls the C functions of include/snaplayout.h, which stays the contract: the
 * rules, units and statuses documented there hold unchanged. This header adds
 *
 * - snaplayout::Layout, a move-only owner of an sl_layout handle (destroyed in its destructor);
 *   snaplayout::LayoutView, a non-owning, read-only view of one (what visible-items handlers get);
 * - errors as exceptions: snaplayout::Error (a std::runtime_error) carries the status, the
 *   library's sentence, the JSON Pointer or argument name, and the line and column of a syntax
 *   error; and a non-throwing variant of every call, try_<name>(), returning a
 *   snaplayout::Result<T> (an expected-like value or ErrorInfo) — the same call, with failures
 *   as values instead of exceptions;
 * - containers instead of two-call patterns (std::vector of elements, frames, rest offsets),
 *   std::string_view in, std::string and std::optional out, enums instead of macros;
 * - visible-items handlers as any callable (lambdas with captures), kept alive by the Layout.
 *
 * Needs C++17; uses std::span (conversions) and concepts where the compiler has them. Link with
 * -lsnaplayout as for C. Types such as Rect, Element or Motion are the C structs themselves
 * (aliases), so their fields are documented in snaplayout.h.
 *
 * Thread safety is the C library's: the const member functions of Layout and every function of
 * LayoutView are read-only and may run on many threads at once; the others need exclusive
 * access. The Layout object itself holds nothing a const call changes.
 */
#ifndef SNAPLAYOUT_HPP
#define SNAPLAYOUT_HPP

#if !defined(__cplusplus) || __cplusplus < 201703L
#if !defined(_MSVC_LANG) || _MSVC_LANG < 201703L
#error "snaplayout.hpp needs C++17 or later (use snaplayout.h from C)"
#endif
#endif

#include "snaplayout.h" /* its declarations are extern "C" under C++ */

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif
#if defined(__cpp_lib_span) && __cpp_lib_span >= 202002L
#include <span>
#define SNAPLAYOUT_HPP_HAS_SPAN 1
#endif
#if defined(__cpp_concepts) && __cpp_concepts >= 201907L && defined(__cpp_lib_concepts)
#include <concepts>
#define SNAPLAYOUT_HPP_HAS_CONCEPTS 1
#endif

namespace snaplayout {

// ---------------------------------------------------------------------------------------------
// Plain types: the C structs (fields documented in snaplayout.h)
// ---------------------------------------------------------------------------------------------

using Rect = sl_rect;
using Size = sl_size;
using Transform = sl_transform;
using Element = sl_element;
using SectionInfo = sl_section_info;
using ScrollInfo = sl_scroll_info;
using Motion = sl_motion;
using MotionState = sl_motion_state;
using SnapResult = sl_snap_result;
using SnapPosition = sl_snap_position;
using LoopInfo = sl_loop_info;
using SizeReport = sl_size_report;
using ScrollInputResult = sl_scroll_input_result;
using VisibleItemsContext = sl_visible_items_context;

/// The container id of the layout's main scroll (orthogonal sections are their section index).
inline constexpr std::int32_t main_scroll = SL_SCROLL_MAIN;
/// The section index of layout-level boundary items (Element::section).
inline constexpr std::int32_t layout_section = SL_SECTION_LAYOUT;
/// The kind id of cells (Element::kind).
inline constexpr std::int32_t cell_kind = SL_KIND_CELL;

/// Element::category.
enum class Category : std::int32_t {
  cell = SL_ELEMENT_CELL,
  supplementary = SL_ELEMENT_SUPPLEMENTARY,
  decoration = SL_ELEMENT_DECORATION,
};
inline Category category(const Element &element) noexcept {
  return static_cast<Category>(element.category);
}
inline bool is_cell(const Element &element) noexcept { return element.category == SL_ELEMENT_CELL; }
inline bool is_hidden(const Element &element) noexcept {
  return (element.flags & SL_ELEMENT_FLAG_HIDDEN) != 0;
}
inline bool is_pinned(const Element &element) noexcept {
  return (element.flags & SL_ELEMENT_FLAG_PINNED) != 0;
}

/// sl_layout_navigate actions.
enum class Navigate : std::int32_t {
  next = SL_NAVIGATE_NEXT,
  previous = SL_NAVIGATE_PREVIOUS,
  to = SL_NAVIGATE_TO,
  first = SL_NAVIGATE_FIRST,
  last = SL_NAVIGATE_LAST,
};

/// Motion::kind.
enum class MotionKind : std::int32_t {
  none = SL_MOTION_NONE,
  decay = SL_MOTION_DECAY,
  spring = SL_MOTION_SPRING,
};
inline MotionKind motion_kind(const Motion &motion) noexcept {
  return static_cast<MotionKind>(motion.kind);
}

/// A drag that has just ended (sl_scroll_release without its version and flags).
struct ScrollRelease {
  double start_offset = 0;    ///< the offset when the finger touched down
  double release_offset = 0;  ///< the offset when it lifted
  double velocity = 0;        ///< points per second, positive toward the end of the content
  /// The rest position the gesture is measured from (e.g. Layout::reference_snap()); none:
  /// measured from start_offset.
  std::optional<std::int64_t> reference_snap{};

  sl_scroll_release to_c() const noexcept {
    sl_scroll_release r{};
    r.version = SL_SCROLL_RELEASE_VERSION;
    r.flags = reference_snap ? SL_RELEASE_HAS_REFERENCE : 0u;
    r.start_offset = start_offset;
    r.release_offset = release_offset;
    r.velocity = velocity;
    r.reference_snap = reference_snap ? *reference_snap : -1;
    return r;
  }
};

/// One wheel or touchpad event (sl_scroll_input without its version).
struct ScrollInput {
  enum class Device : std::int32_t { wheel = SL_INPUT_WHEEL, touchpad = SL_INPUT_TOUCHPAD };
  Device device = Device::wheel;
  double delta = 0;  ///< wheel: notches; touchpad: points; positive toward the end
  double time = 0;   ///< seconds on the host's monotonic clock
  bool end = false;  ///< the touchpad gesture ended (SL_INPUT_END)

  static ScrollInput wheel(double notches, double time) noexcept {
    return ScrollInput{Device::wheel, notches, time, false};
  }
  static ScrollInput touchpad(double points, double time, bool end = false) noexcept {
    return ScrollInput{Device::touchpad, points, time, end};
  }
  sl_scroll_input to_c() const noexcept {
    sl_scroll_input input{};
    input.version = SL_SCROLL_INPUT_VERSION;
    input.device = static_cast<std::int32_t>(device);
    input.flags = end ? SL_INPUT_END : 0u;
    input.delta = delta;
    input.time = time;
    return input;
  }
};

/// A motion the host is running, and the seconds since it started.
struct InFlight {
  Motion motion;
  double time;
};

/// sl_layout_get_canonical_offset's two answers.
struct CanonicalOffset {
  double offset;  ///< in the canonical lap
  double shift;   ///< the given offset minus `offset`: a whole number of periods
};

/// sl_layout_get_offset_for_item's two answers.
struct ItemOffset {
  double offset;
  std::int64_t snap;  ///< the rest position, or -1
};

/// sl_layout_get_snap_range's two answers: the offsets a rest position covers, `low == high` (its
/// offset) for most; for an item longer than the snapport, from its start at the snapport's start
/// (`low`) to its end at the snapport's end (`high`).
struct SnapRange {
  double low;
  double high;
};

// ---------------------------------------------------------------------------------------------
// Span: a pointer and a count (std::span is C++20); converts to std::span where there is one
// ---------------------------------------------------------------------------------------------

template <class T>
class Span {
 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using iterator = T *;

  constexpr Span() noexcept = default;
  constexpr Span(T *data, std::size_t size) noexcept : data_(data), size_(size) {}
  template <class C, class = decltype(std::data(std::declval<C &>())),
            class = std::enable_if_t<std::is_convertible_v<
                std::remove_pointer_t<decltype(std::data(std::declval<C &>()))> (*)[], T (*)[]>>>
  constexpr Span(C &container) noexcept : data_(std::data(container)), size_(std::size(container)) {}
#if defined(SNAPLAYOUT_HPP_HAS_SPAN)
  constexpr operator std::span<T>() const noexcept { return std::span<T>(data_, size_); }
#endif

  constexpr T *data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr T *begin() const noexcept { return data_; }
  constexpr T *end() const noexcept { return data_ + size_; }
  constexpr T &operator[](std::size_t i) const noexcept { return data_[i]; }

 private:
  T *data_ = nullptr;
  std::size_t size_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Statuses, errors and results
// ---------------------------------------------------------------------------------------------

/// The library's status codes (SL_OK, SL_E*). New codes may appear: any negative value fails.
enum class Status : int {
  ok = SL_OK,
  invalid_argument = SL_EINVAL,
  parse = SL_EPARSE,
  config = SL_ECONFIG,
  range = SL_ERANGE,
  buffer_too_small = SL_EBUFS,
  no_memory = SL_ENOMEM,
  state = SL_ESTATE,
  not_found = SL_ENOTFOUND,
};

/// A short static description of a status ("invalid configuration").
inline const char *status_string(Status status) noexcept {
  return sl_status_string(static_cast<int>(status));
}

/// The std::error_category of Status (name "snaplayout"), so that an Error's code() compares
/// with Status values: `e.code() == snaplayout::Status::config`.
inline const std::error_category &error_category() noexcept {
  struct ErrorCategory final : std::error_category {
    const char *name() const noexcept override { return "snaplayout"; }
    std::string message(int value) const override { return sl_status_string(value); }
  };
  static const ErrorCategory category;
  return category;
}
inline std::error_code make_error_code(Status status) noexcept {
  return std::error_code(static_cast<int>(status), error_category());
}

}  // namespace snaplayout

namespace std {
template <>
struct is_error_code_enum<snaplayout::Status> : true_type {};
}  // namespace std

namespace snaplayout {

/// What went wrong: a copy of the calling thread's sl_error record, taken at once.
struct ErrorInfo {
  Status status = Status::ok;
  std::string message;  ///< a sentence for a human
  /// An RFC 6901 JSON Pointer into the configuration (Status::config), the offending argument's
  /// name (Status::invalid_argument, Status::range), or "".
  std::string path;
  std::int32_t line = 0;    ///< 1-based line of a syntax error (Status::parse), else 0
  std::int32_t column = 0;  ///< 1-based column (bytes) of that syntax error, else 0

  std::error_code code() const noexcept { return make_error_code(status); }
  /// "invalid configuration: <message> (at <path>)", with the line and column when known.
  std::string describe() const {
    std::string text = status_string(status);
    if (!message.empty()) text += ": " + message;
    if (!path.empty()) text += " (at " + path + ")";
    if (line > 0) text += " (line " + std::to_string(line) + ", column " + std::to_string(column) + ")";
    return text;
  }
};

/// A failed call of the library, thrown by every member function without the try_ prefix.
class Error : public std::runtime_error {
 public:
  explicit Error(ErrorInfo info)
      : std::runtime_error(info.describe()), info_(std::make_shared<const ErrorInfo>(std::move(info))) {}

  Status status() const noexcept { return info_->status; }
  std::error_code code() const noexcept { return info_->code(); }
  /// The library's sentence (what() adds the status and path to it).
  const std::string &message() const noexcept { return info_->message; }
  /// JSON Pointer or argument name, or "".
  const std::string &path() const noexcept { return info_->path; }
  std::int32_t line() const noexcept { return info_->line; }
  std::int32_t column() const noexcept { return info_->column; }
  const ErrorInfo &info() const noexcept { return *info_; }

 private:
  std::shared_ptr<const ErrorInfo> info_;  // shared: copying an exception never throws
};

/// The library is not the version this header was written for (check_version()).
class VersionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown by Result::error() on a result that holds a value.
class BadResultAccess : public std::logic_error {
 public:
  BadResultAccess() : std::logic_error("snaplayout::Result::error() on a value") {}
};

/**
 * The value of a call, or why it failed: what the try_ functions return (an expected-like type;
 * std::expected is C++23). value() returns the value or throws the Error; operator* and -> do
 * not check.
 */
template <class T>
class [[nodiscard]] Result {
 public:
  using value_type = T;
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(ErrorInfo error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T &value() & { check(); return std::get<0>(state_); }
  const T &value() const & { check(); return std::get<0>(state_); }
  T &&value() && { check(); return std::get<0>(std::move(state_)); }
  template <class U>
  T value_or(U &&fallback) const & {
    return has_value() ? std::get<0>(state_) : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U &&fallback) && {
    return has_value() ? std::get<0>(std::move(state_)) : static_cast<T>(std::forward<U>(fallback));
  }
  T &operator*() & noexcept { return *std::get_if<0>(&state_); }
  const T &operator*() const & noexcept { return *std::get_if<0>(&state_); }
  T &&operator*() && noexcept { return std::move(*std::get_if<0>(&state_)); }
  T *operator->() noexcept { return std::get_if<0>(&state_); }
  const T *operator->() const noexcept { return std::get_if<0>(&state_); }

  /// The failure; throws BadResultAccess on a value.
  const ErrorInfo &error() const {
    if (has_value()) throw BadResultAccess();
    return std::get<1>(state_);
  }
  /// The failure's status, or Status::ok.
  Status status() const noexcept { return has_value() ? Status::ok : std::get<1>(state_).status; }

 private:
  void check() const {
    if (!has_value()) throw Error(std::get<1>(state_));
  }
  std::variant<T, ErrorInfo> state_;
};

/// Result of a call that returns nothing.
template <>
class [[nodiscard]] Result<void> {
 public:
  using value_type = void;
  Result() noexcept = default;
  Result(ErrorInfo error) : error_(std::move(error)) {}

  bool has_value() const noexcept { return !error_; }
  explicit operator bool() const noexcept { return has_value(); }
  void value() const {
    if (error_) throw Error(*error_);
  }
  const ErrorInfo &error() const {
    if (!error_) throw BadResultAccess();
    return *error_;
  }
  Status status() const noexcept { return error_ ? error_->status : Status::ok; }

 private:
  std::optional<ErrorInfo> error_;
};

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------

/// The version this header (and snaplayout.h beside it) describes: MAJOR * 1000000 + ...
inline constexpr int header_version_number = SL_VERSION_NUMBER;
inline constexpr std::string_view header_version_string = SL_VERSION_STRING;
/// The library's version, as loaded at run time.
inline int version_number() noexcept { return sl_version_number(); }
inline std::string_view version_string() noexcept { return sl_version_string(); }

/// Whether the loaded library serves this header: the same major version and, from 1.0 on, a
/// minor at least the header's; before 1.0 (where a minor may change the ABI) the same minor.
inline bool version_compatible() noexcept {
  const int lib = version_number(), hdr = header_version_number;
  const int lib_major = lib / 1000000, hdr_major = hdr / 1000000;
  const int lib_minor = lib / 1000 % 1000, hdr_minor = hdr / 1000 % 1000;
  if (lib_major != hdr_major) return false;
  return hdr_major == 0 ? lib_minor == hdr_minor : lib_minor >= hdr_minor;
}
/// Throws VersionError unless version_compatible().
inline void check_version() {
  if (!version_compatible())
    throw VersionError("snaplayout.hpp describes SnapLayout " + std::string(header_version_string) +
                       " but the library loaded is " + std::string(version_string()));
}

// ---------------------------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------------------------

class LayoutView;

/// What a visible-items handler receives: the layout (read-only), the context, and the
/// elements of one section, which it may change (alpha, transform, z_index, flags, frame).
struct VisibleItems {
  const LayoutView &layout;  ///< read-only: a changing call on the layout fails here
  const VisibleItemsContext &context;
  Span<Element> elements;
};

namespace detail {

inline ErrorInfo last_error(int status) {
  ErrorInfo info;
  info.status = static_cast<Status>(status);
  const sl_error *record = sl_error_last();
  if (record != nullptr && record->code == status) {
    info.message = record->message != nullptr ? record->message : "";
    info.path = record->path != nullptr ? record->path : "";
    info.line = record->line;
    info.column = record->column;
  } else {
    info.message = sl_status_string(status);
  }
  return info;
}

/// Calls `f(&out)`; the value or the thread's error.
template <class T, class F>
Result<T> call(F &&f) {
  T out{};
  const int status = f(&out);
  if (status != SL_OK) return last_error(status);
  return out;
}
template <class F>
Result<void> call_void(F &&f) {
  const int status = f();
  if (status != SL_OK) return last_error(status);
  return {};
}

/// The exception a handler threw during the query running on this thread, if any. The C
/// library's frames must not be unwound through: a handler's exception is caught, the
/// rest of the query's handlers are skipped, and the query rethrows it once the C call returns.
inline std::exception_ptr &pending_exception() noexcept {
  static thread_local std::exception_ptr pending;
  return pending;
}

class HandlerScope {
 public:
  HandlerScope() noexcept : saved_(std::exchange(pending_exception(), nullptr)) {}
  HandlerScope(const HandlerScope &) = delete;
  HandlerScope &operator=(const HandlerScope &) = delete;
  ~HandlerScope() {
    std::exception_ptr mine = std::exchange(pending_exception(), saved_);
    (void)mine;
  }
  /// Rethrows what a handler threw during the scope.
  void rethrow() {
    std::exception_ptr mine = std::exchange(pending_exception(), nullptr);
    if (mine) std::rethrow_exception(mine);
  }

 private:
  std::exception_ptr saved_;
};

struct HandlerBox {
  const sl_layout *layout;
  std::function<void(VisibleItems &)> function;
};

using Handlers = std::map<std::int32_t, std::unique_ptr<HandlerBox>>;

inline const sl_motion *in_flight_motion(const std::optional<InFlight> &in_flight) noexcept {
  return in_flight ? &in_flight->motion : nullptr;
}
inline double in_flight_time(const std::optional<InFlight> &in_flight) noexcept {
  return in_flight ? in_flight->time : 0.0;
}

/// The read-only calls, shared by Layout and LayoutView (each has `c_layout()`).
template <class Derived>
class Queries {
 public:
  // -- sizes --------------------------------------------------------------------------------
  Result<Size> try_container_size() const {
    return call<Size>([&](Size *out) { return sl_layout_get_container_size(c(), out); });
  }
  Size container_size() const { return try_container_size().value(); }
  /// Whether a container size is set (the layout can answer geometry).
  bool has_container_size() const noexcept {
    Size size;
    return c() != nullptr && sl_layout_get_container_size(c(), &size) == SL_OK;
  }
  Result<Size> try_content_size() const {
    return call<Size>([&](Size *out) { return sl_layout_get_content_size(c(), out); });
  }
  Size content_size() const { return try_content_size().value(); }

  // -- sections and items -------------------------------------------------------------------
  Result<std::int32_t> try_section_count() const {
    return call<std::int32_t>([&](std::int32_t *out) { return sl_layout_get_section_count(c(), out); });
  }
  std::int32_t section_count() const { return try_section_count().value(); }
  Result<std::int64_t> try_item_count(std::int32_t section) const {
    return call<std::int64_t>(
        [&](std::int64_t *out) { return sl_layout_get_item_count(c(), section, out); });
  }
  std::int64_t item_count(std::int32_t section) const { return try_item_count(section).value(); }
  /// The index of the section's variant in force, or -1 for its own keys.
  Result<std::int32_t> try_section_variant(std::int32_t section) const {
    return call<std::int32_t>(
        [&](std::int32_t *out) { return sl_layout_get_section_variant(c(), section, out); });
  }
  std::int32_t section_variant(std::int32_t section) const { return try_section_variant(section).value(); }
  Result<SectionInfo> try_section_info(std::int32_t section) const {
    return call<SectionInfo>(
        [&](SectionInfo *out) { return sl_layout_get_section_info(c(), section, out); });
  }
  SectionInfo section_info(std::int32_t section) const { return try_section_info(section).value(); }

  Result<Rect> try_item_frame(std::int32_t section, std::int64_t item) const {
    return call<Rect>([&](Rect *out) { return sl_layout_get_item_frame(c(), section, item, out); });
  }
  Rect item_frame(std::int32_t section, std::int64_t item) const {
    return try_item_frame(section, item).value();
  }
  /// Frames of items first ..< first + count.
  Result<std::vector<Rect>> try_item_frames(std::int32_t section, std::int64_t first,
                                            std::int64_t count) const {
    std::vector<Rect> frames;
    Rect refused{};  // a range that leaves the section is refused before anything is written
    Rect *buffer = &refused;
    if (count > 0) {
      // Check the range before allocating: a huge count fails without a huge vector.
      std::int64_t items = 0;
      const int status = sl_layout_get_item_count(c(), section, &items);
      if (status != SL_OK) return last_error(status);
      if (first >= 0 && first <= items && count <= items - first) {
        frames.resize(static_cast<std::size_t>(count));
        buffer = frames.data();
      }
    }
    const int status = sl_layout_get_item_frames(c(), section, first, count, buffer);
    if (status != SL_OK) return last_error(status);
    return frames;
  }
  std::vector<Rect> item_frames(std::int32_t section, std::int64_t first, std::int64_t count) const {
    return try_item_frames(section, first, count).value();
  }
  /// Fills `out` with the frames of items first ..< first + out.size().
  Result<void> try_item_frames(std::int32_t section, std::int64_t first, Span<Rect> out) const {
    return call_void([&] {
      return sl_layout_get_item_frames(c(), section, first, static_cast<std::int64_t>(out.size()),
                                       out.data());
    });
  }
  void item_frames(std::int32_t section, std::int64_t first, Span<Rect> out) const {
    try_item_frames(section, first, out).value();
  }

  // -- elements -----------------------------------------------------------------------------
  /**
   * Every element whose frame intersects `rect` (UIKit's layoutAttributesForElements(in:)),
   * reusing `out`'s memory: a host that keeps one vector per frame allocates only when the count
   * grows. Visible-items handlers run during the call; one that throws makes this call rethrow
   * its exception (also try_elements_in) once the library has returned, and the elements are
   * then unspecified. When `out` is too small the query runs again into a larger buffer, so
   * handlers may run twice for the same elements.
   */
  Result<void> try_elements_in(const Rect &rect, std::vector<Element> &out) const {
    std::size_t count = 0;
    HandlerScope scope;
    int status = SL_OK;
    if (out.capacity() == 0) {
      status = sl_layout_get_elements_in_rect(c(), rect, nullptr, 0, &count);  // no handlers
    } else {
      out.resize(out.capacity());
      status = sl_layout_get_elements_in_rect(c(), rect, out.data(), out.size(), &count);
    }
    if (status == SL_OK && out.capacity() == 0 && count > 0) status = SL_EBUFS;
    while (status == SL_EBUFS) {
      scope.rethrow();
      out.resize(count);
      status = sl_layout_get_elements_in_rect(c(), rect, out.data(), out.size(), &count);
    }
    if (status != SL_OK) {
      ErrorInfo error = last_error(status);
      out.clear();
      scope.rethrow();
      return error;
    }
    out.resize(count);
    scope.rethrow();
    return {};
  }
  void elements_in(const Rect &rect, std::vector<Element> &out) const {
    try_elements_in(rect, out).value();
  }
  Result<std::vector<Element>> try_elements_in(const Rect &rect) const {
    std::vector<Element> out;
    Result<void> r = try_elements_in(rect, out);
    if (!r) return r.error();
    return out;
  }
  /// Every element intersecting `rect`, in the library's order: `for (auto &e : elements_in(r))`.
  std::vector<Element> elements_in(const Rect &rect) const { return try_elements_in(rect).value(); }
  /// How many elements intersect `rect` (no handler runs).
  Result<std::size_t> try_element_count_in(const Rect &rect) const {
    return call<std::size_t>([&](std::size_t *out) {
      return sl_layout_get_elements_in_rect(c(), rect, nullptr, 0, out);
    });
  }
  std::size_t element_count_in(const Rect &rect) const { return try_element_count_in(rect).value(); }

  Result<std::int32_t> try_element_kind_count() const {
    return call<std::int32_t>([&](std::int32_t *out) { return sl_layout_get_element_kind_count(c(), out); });
  }
  std::int32_t element_kind_count() const { return try_element_kind_count().value(); }
  /// A kind id's name ("header"; "cell" for cell_kind), valid as long as the layout.
  Result<std::string_view> try_element_kind_name(std::int32_t kind) const {
    const char *name = nullptr;
    const int status = sl_layout_get_element_kind_name(c(), kind, &name);
    if (status != SL_OK) return last_error(status);
    return std::string_view(name);
  }
  std::string_view element_kind_name(std::int32_t kind) const { return try_element_kind_name(kind).value(); }
  /// The id of a kind by name (Status::not_found if no element has it).
  Result<std::int32_t> try_find_element_kind(std::string_view name) const {
    const std::string text(name);  // NUL-terminated
    if (text.size() != std::strlen(text.c_str()))
      return ErrorInfo{Status::not_found, "element kind names hold no NUL byte", "name", 0, 0};
    return call<std::int32_t>(
        [&](std::int32_t *out) { return sl_layout_find_element_kind(c(), text.c_str(), out); });
  }
  std::int32_t find_element_kind(std::string_view name) const { return try_find_element_kind(name).value(); }

  // -- scrolling ----------------------------------------------------------------------------
  Result<ScrollInfo> try_scroll_info(std::int32_t container) const {
    return call<ScrollInfo>(
        [&](ScrollInfo *out) { return sl_layout_get_scroll_info(c(), container, out); });
  }
  ScrollInfo scroll_info(std::int32_t container) const { return try_scroll_info(container).value(); }
  Result<LoopInfo> try_loop_info(std::int32_t container) const {
    return call<LoopInfo>([&](LoopInfo *out) { return sl_layout_get_loop_info(c(), container, out); });
  }
  LoopInfo loop_info(std::int32_t container) const { return try_loop_info(container).value(); }
  Result<CanonicalOffset> try_canonical_offset(std::int32_t container, double offset) const {
    return call<CanonicalOffset>([&](CanonicalOffset *out) {
      return sl_layout_get_canonical_offset(c(), container, offset, &out->offset, &out->shift);
    });
  }
  CanonicalOffset canonical_offset(std::int32_t container, double offset) const {
    return try_canonical_offset(container, offset).value();
  }
  Result<double> try_scroll_offset(std::int32_t container) const {
    return call<double>([&](double *out) { return sl_layout_get_scroll_offset(c(), container, out); });
  }
  double scroll_offset(std::int32_t container) const { return try_scroll_offset(container).value(); }
  /// Where a released drag comes to rest, and the motion that takes it there.
  Result<SnapResult> try_resolve_scroll(std::int32_t container, const ScrollRelease &release) const {
    const sl_scroll_release r = release.to_c();
    return call<SnapResult>(
        [&](SnapResult *out) { return sl_layout_resolve_scroll(c(), container, &r, out); });
  }
  SnapResult resolve_scroll(std::int32_t container, const ScrollRelease &release) const {
    return try_resolve_scroll(container, release).value();
  }
  Result<SnapPosition> try_snap_position(std::int32_t container, double offset) const {
    return call<SnapPosition>(
        [&](SnapPosition *out) { return sl_layout_get_snap_position(c(), container, offset, out); });
  }
  SnapPosition snap_position(std::int32_t container, double offset) const {
    return try_snap_position(container, offset).value();
  }
  /// The rest offsets from position `first` on.
  Result<std::vector<double>> try_snap_offsets(std::int32_t container, std::int64_t first = 0) const {
    std::size_t count = 0;
    int status = sl_layout_get_snap_offsets(c(), container, first, nullptr, 0, &count);
    if (status != SL_OK && status != SL_EBUFS) return last_error(status);
    std::vector<double> offsets(count);
    if (count > 0) {
      status = sl_layout_get_snap_offsets(c(), container, first, offsets.data(), count, &count);
      if (status != SL_OK) return last_error(status);
    }
    return offsets;
  }
  std::vector<double> snap_offsets(std::int32_t container, std::int64_t first = 0) const {
    return try_snap_offsets(container, first).value();
  }
  /// The offsets rest position `index` covers: `low == high` (its offset) for most; for an item
  /// longer than the snapport, every offset that keeps the snapport inside it, where a release,
  /// wheel step or navigation inside may rest (docs/SNAPPING.md, "Items longer than the
  /// viewport"). Errors: a container or index out of range (paths "container", "index").
  Result<SnapRange> try_snap_range(std::int32_t container, std::int64_t index) const {
    return call<SnapRange>([&](SnapRange *out) {
      return sl_layout_get_snap_range(c(), container, index, &out->low, &out->high);
    });
  }
  SnapRange snap_range(std::int32_t container, std::int64_t index) const {
    return try_snap_range(container, index).value();
  }
  Result<ItemOffset> try_offset_for_item(std::int32_t container, std::int32_t section,
                                         std::int64_t item) const {
    return call<ItemOffset>([&](ItemOffset *out) {
      return sl_layout_get_offset_for_item(c(), container, section, item, &out->offset, &out->snap);
    });
  }
  ItemOffset offset_for_item(std::int32_t container, std::int32_t section, std::int64_t item) const {
    return try_offset_for_item(container, section, item).value();
  }
  /// The offset that scrolls an item into view with an alignment (SL_ALIGN_START, _CENTER,
  /// _END or _NEAREST), and the rest position there (-1 without rest positions).
  Result<ItemOffset> try_offset_to_show_item(std::int32_t container, std::int32_t section,
                                             std::int64_t item, std::int32_t alignment) const {
    return call<ItemOffset>([&](ItemOffset *out) {
      return sl_layout_get_offset_to_show_item(c(), container, section, item, alignment,
                                               &out->offset, &out->snap);
    });
  }
  ItemOffset offset_to_show_item(std::int32_t container, std::int32_t section, std::int64_t item,
                                 std::int32_t alignment) const {
    return try_offset_to_show_item(container, section, item, alignment).value();
  }
  /// The rest position a new touch-down is measured from (-1 for a free container).
  Result<std::int64_t> try_reference_snap(std::int32_t container, double touch_offset,
                                          const std::optional<InFlight> &in_flight = std::nullopt) const {
    return call<std::int64_t>([&](std::int64_t *out) {
      return sl_layout_get_reference_snap(c(), container, touch_offset, in_flight_motion(in_flight),
                                          in_flight_time(in_flight), out);
    });
  }
  std::int64_t reference_snap(std::int32_t container, double touch_offset,
                              const std::optional<InFlight> &in_flight = std::nullopt) const {
    return try_reference_snap(container, touch_offset, in_flight).value();
  }
  /// Where a navigation step takes a container, and the motion. `argument`: steps (>= 1) for
  /// next and previous, the rest position for to, ignored for first and last.
  Result<SnapResult> try_navigate(std::int32_t container, Navigate action, std::int64_t argument = 1,
                                  const std::optional<InFlight> &in_flight = std::nullopt) const {
    return call<SnapResult>([&](SnapResult *out) {
      return sl_layout_navigate(c(), container, static_cast<std::int32_t>(action), argument,
                                in_flight_motion(in_flight), in_flight_time(in_flight), out);
    });
  }
  SnapResult navigate(std::int32_t container, Navigate action, std::int64_t argument = 1,
                      const std::optional<InFlight> &in_flight = std::nullopt) const {
    return try_navigate(container, action, argument, in_flight).value();
  }
  /// The rest position a container is at or heading to (-1 without rest positions).
  Result<std::int64_t> try_selected_snap(std::int32_t container,
                                         const std::optional<InFlight> &in_flight = std::nullopt) const {
    return call<std::int64_t>([&](std::int64_t *out) {
      return sl_layout_get_selected_snap(c(), container, in_flight_motion(in_flight),
                                         in_flight_time(in_flight), out);
    });
  }
  std::int64_t selected_snap(std::int32_t container,
                             const std::optional<InFlight> &in_flight = std::nullopt) const {
    return try_selected_snap(container, in_flight).value();
  }
  /// A container's motion target as the layout changes since Layout::set_scroll_target() have
  /// moved it, or nullopt when none is set.
  Result<std::optional<double>> try_scroll_target(std::int32_t container) const {
    double target = 0;
    std::int32_t has_target = 0;
    const int status = sl_layout_get_scroll_target(c(), container, &target, &has_target);
    if (status != SL_OK) return last_error(status);
    return has_target ? std::optional<double>(target) : std::nullopt;
  }
  std::optional<double> scroll_target(std::int32_t container) const {
    return try_scroll_target(container).value();
  }
  Result<double> try_item_distance(std::int32_t section, std::int64_t item) const {
    return call<double>([&](double *out) { return sl_layout_get_item_distance(c(), section, item, out); });
  }
  double item_distance(std::int32_t section, std::int64_t item) const {
    return try_item_distance(section, item).value();
  }

  // -- self-sizing --------------------------------------------------------------------------
  /// The size reported for a cell, or nullopt when it has none.
  Result<std::optional<Size>> try_measured_size(std::int32_t section, std::int64_t item) const {
    Size size{};
    int measured = 0;
    const int status = sl_layout_get_measured_size(c(), section, item, &size, &measured);
    if (status != SL_OK) return last_error(status);
    return measured ? std::optional<Size>(size) : std::nullopt;
  }
  std::optional<Size> measured_size(std::int32_t section, std::int64_t item) const {
    return try_measured_size(section, item).value();
  }
  Result<std::optional<Size>> try_measured_supplementary_size(std::int32_t section,
                                                              std::int32_t kind) const {
    Size size{};
    int measured = 0;
    const int status = sl_layout_get_measured_supplementary_size(c(), section, kind, &size, &measured);
    if (status != SL_OK) return last_error(status);
    return measured ? std::optional<Size>(size) : std::nullopt;
  }
  std::optional<Size> measured_supplementary_size(std::int32_t section, std::int32_t kind) const {
    return try_measured_supplementary_size(section, kind).value();
  }

  // -- JSON ---------------------------------------------------------------------------------
  /// The solved layout as JSON text: every element, or those intersecting `rect`.
  Result<std::string> try_copy_json(const std::optional<Rect> &rect = std::nullopt) const {
    char *text = nullptr;
    std::size_t length = 0;
    const int status = sl_layout_copy_json(c(), rect ? &*rect : nullptr, &text, &length);
    if (status != SL_OK) return last_error(status);
    std::unique_ptr<char, void (*)(void *)> owner(text, &sl_free);
    return std::string(text, length);
  }
  std::string copy_json(const std::optional<Rect> &rect = std::nullopt) const {
    return try_copy_json(rect).value();
  }

 protected:
  const sl_layout *c() const noexcept { return static_cast<const Derived *>(this)->c_layout(); }
};

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// LayoutView: a non-owning, read-only view
// ---------------------------------------------------------------------------------------------

/// A read-only view of a layout someone else owns: every const query of Layout. Cheap to copy;
/// valid while the layout lives. Handlers receive one.
class LayoutView : public detail::Queries<LayoutView> {
 public:
  constexpr LayoutView() noexcept = default;
  explicit constexpr LayoutView(const sl_layout *layout) noexcept : layout_(layout) {}
  const sl_layout *c_layout() const noexcept { return layout_; }
  explicit operator bool() const noexcept { return layout_ != nullptr; }

 private:
  const sl_layout *layout_ = nullptr;
};

}  // namespace snaplayout

/* The visible-items trampoline: a C-linkage function, as the C library calls it. It never lets
 * an exception out (one is kept for the query to rethrow). */
extern "C" inline void snaplayout_hpp_visible_items_trampoline(void *user_data,
                                                               const sl_visible_items_context *context,
                                                               sl_element *elements,
                                                               size_t count) {
  auto *box = static_cast<snaplayout::detail::HandlerBox *>(user_data);
  std::exception_ptr &pending = snaplayout::detail::pending_exception();
  if (pending) return;  // an earlier handler of this query threw: skip the rest
  try {
    snaplayout::LayoutView view(box->layout);
    snaplayout::VisibleItems items{view, *context, snaplayout::Span<sl_element>(elements, count)};
    box->function(items);
  } catch (...) {
    pending = std::current_exception();
  }
}

namespace snaplayout {

#if defined(SNAPLAYOUT_HPP_HAS_CONCEPTS)
/// A visible-items handler: callable with VisibleItems&, or with (const VisibleItemsContext&,
/// Span<Element>).
template <class F>
concept VisibleItemsHandler = std::invocable<F &, VisibleItems &> ||
                              std::invocable<F &, const VisibleItemsContext &, Span<Element>>;
#define SNAPLAYOUT_HPP_HANDLER(F) VisibleItemsHandler F
#else
#define SNAPLAYOUT_HPP_HANDLER(F) class F
#endif

// ---------------------------------------------------------------------------------------------
// Layout: the owner
// ---------------------------------------------------------------------------------------------

/**
 * A layout: owns an sl_layout (destroyed with the object) and the visible-items handlers set on
 * it. Move-only; a moved-from or default-constructed Layout holds nothing, and every call on it
 * fails with Status::invalid_argument (as the C functions do with NULL).
 */
class Layout : public detail::Queries<Layout> {
 public:
  Layout() noexcept = default;
  /// Creates a layout from a JSON configuration; throws Error (Status::parse with the line and
  /// column, Status::config with the JSON Pointer).
  explicit Layout(std::string_view json) : Layout(create(json)) {}
  static Result<Layout> try_create(std::string_view json) {
    sl_layout *layout = nullptr;
    const int status = sl_layout_create(json.data() != nullptr ? json.data() : "", json.size(), &layout);
    if (status != SL_OK) return detail::last_error(status);
    return Layout(layout);
  }
  static Layout create(std::string_view json) { return try_create(json).value(); }
  /// Takes ownership of a handle made by sl_layout_create (nullptr gives an empty Layout).
  static Layout adopt(sl_layout *layout) noexcept { return Layout(layout); }

  Layout(Layout &&other) noexcept
      : layout_(std::exchange(other.layout_, nullptr)), handlers_(std::move(other.handlers_)) {}
  Layout &operator=(Layout &&other) noexcept {
    if (this != &other) {
      reset();
      layout_ = std::exchange(other.layout_, nullptr);
      handlers_ = std::move(other.handlers_);
    }
    return *this;
  }
  Layout(const Layout &) = delete;
  Layout &operator=(const Layout &) = delete;
  ~Layout() { reset(); }

  /// Destroys the layout now (the object is then empty). Called from inside one of the
  /// layout's own visible-items handlers the library refuses (Status::state): the handle and the
  /// handlers are then leaked rather than freed under the running query.
  void reset() noexcept {
    if (layout_ == nullptr) return;
    sl_error_clear();
    sl_layout_destroy(layout_);
    if (sl_error_last()->code == SL_ESTATE) {
      (void)handlers_.release();  // still in use by the running query: leak, never free
    }
    layout_ = nullptr;
    handlers_.reset();
  }
  /// Gives up ownership: the caller destroys the handle with sl_layout_destroy(). The
  /// visible-items handlers are removed first (their callables die with this object).
  sl_layout *release() {
    if (layout_ != nullptr && handlers_) {
      for (auto &entry : *handlers_) sl_layout_set_visible_items_handler(layout_, entry.first, nullptr, nullptr);
    }
    handlers_.reset();
    return std::exchange(layout_, nullptr);
  }

  sl_layout *c_layout() noexcept { return layout_; }
  const sl_layout *c_layout() const noexcept { return layout_; }
  explicit operator bool() const noexcept { return layout_ != nullptr; }
  LayoutView view() const noexcept { return LayoutView(layout_); }
  operator LayoutView() const noexcept { return view(); }

  // -- container ------------------------------------------------------------------------------
  Result<void> try_set_container_size(double width, double height) {
    return detail::call_void([&] { return sl_layout_set_container_size(layout_, width, height); });
  }
  void set_container_size(double width, double height) { try_set_container_size(width, height).value(); }
  Result<void> try_set_container_size(const Size &size) { return try_set_container_size(size.width, size.height); }
  void set_container_size(const Size &size) { try_set_container_size(size).value(); }

  // -- scrolling ------------------------------------------------------------------------------
  Result<void> try_set_scroll_offset(std::int32_t container, double offset) {
    return detail::call_void([&] { return sl_layout_set_scroll_offset(layout_, container, offset); });
  }
  void set_scroll_offset(std::int32_t container, double offset) {
    try_set_scroll_offset(container, offset).value();
  }
  Result<void> try_jump_to_snap(std::int32_t container, std::int64_t index) {
    return detail::call_void([&] { return sl_layout_jump_to_snap(layout_, container, index); });
  }
  void jump_to_snap(std::int32_t container, std::int64_t index) { try_jump_to_snap(container, index).value(); }
  /// Tells the layout where a motion the host runs on a container is heading, so that layout
  /// changes (container size, measured sizes, items, sections) carry the target with its element
  /// (docs/SNAPPING.md, "Through layout changes"). Set it when a motion starts, clear it when the
  /// motion ends or a drag catches it.
  Result<void> try_set_scroll_target(std::int32_t container, double target_offset) {
    return detail::call_void([&] { return sl_layout_set_scroll_target(layout_, container, target_offset); });
  }
  void set_scroll_target(std::int32_t container, double target_offset) {
    try_set_scroll_target(container, target_offset).value();
  }
  /// Forgets a container's motion target (nothing happens when none is set).
  Result<void> try_clear_scroll_target(std::int32_t container) {
    return detail::call_void([&] { return sl_layout_clear_scroll_target(layout_, container); });
  }
  void clear_scroll_target(std::int32_t container) { try_clear_scroll_target(container).value(); }
  /// Carries a motion in flight (`time` seconds after it started) over the layout changes made
  /// since it started: the result starts (sample it from 0) at the container's offset now, with
  /// the velocity `in_flight` has at `time`, and heads to the container's target as the changes
  /// moved it (set_scroll_target()); without a target, to `in_flight`'s target moved as far as
  /// the offset moved. No jump, no stop. The result's target becomes the container's target.
  Result<Motion> try_retarget_motion(std::int32_t container, const Motion &in_flight, double time) {
    return detail::call<Motion>(
        [&](Motion *out) { return sl_layout_retarget_motion(layout_, container, &in_flight, time, out); });
  }
  Motion retarget_motion(std::int32_t container, const Motion &in_flight, double time) {
    return try_retarget_motion(container, in_flight, time).value();
  }
  /// Applies a wheel or touchpad event and sets the container's offset.
  Result<ScrollInputResult> try_scroll_input(std::int32_t container, const ScrollInput &input,
                                             const std::optional<InFlight> &in_flight = std::nullopt) {
    const sl_scroll_input event = input.to_c();
    return detail::call<ScrollInputResult>([&](ScrollInputResult *out) {
      return sl_layout_scroll_input(layout_, container, &event, detail::in_flight_motion(in_flight),
                                    detail::in_flight_time(in_flight), out);
    });
  }
  ScrollInputResult scroll_input(std::int32_t container, const ScrollInput &input,
                                 const std::optional<InFlight> &in_flight = std::nullopt) {
    return try_scroll_input(container, input, in_flight).value();
  }

  // -- visible-items handlers -------------------------------------------------------------------
  /**
   * Sets a section's visible-items handler: any callable taking `VisibleItems &` (or
   * `(const VisibleItemsContext &, Span<Element>)`), kept by the Layout and following its section
   * through section insertions, deletions and moves. It runs inside elements_in() on the calling
   * thread; it may read the layout (VisibleItems::layout) and change the elements, but every
   * changing call on this layout fails there with Status::state, and the layout must not be
   * destroyed or moved-assigned from inside it. An exception it throws is rethrown by the
   * elements_in() call that ran it.
   */
  template <SNAPLAYOUT_HPP_HANDLER(F)>
  Result<void> try_set_visible_items_handler(std::int32_t section, F handler) {
    auto box = std::make_unique<detail::HandlerBox>();
    box->layout = layout_;
    if constexpr (std::is_invocable_v<F &, VisibleItems &>) {
      box->function = std::move(handler);
    } else {
      static_assert(std::is_invocable_v<F &, const VisibleItemsContext &, Span<Element>>,
                    "a visible-items handler takes VisibleItems& or (const VisibleItemsContext&, "
                    "snaplayout::Span<Element>)");
      box->function = [f = std::move(handler)](VisibleItems &items) mutable {
        f(items.context, items.elements);
      };
    }
    // The slot first: once the library holds the box, nothing may fail before it is kept.
    if (!handlers_) handlers_ = std::make_unique<detail::Handlers>();
    std::unique_ptr<detail::HandlerBox> &slot = (*handlers_)[section];
    const int status = sl_layout_set_visible_items_handler(
        layout_, section, &snaplayout_hpp_visible_items_trampoline, box.get());
    if (status != SL_OK) {
      ErrorInfo error = detail::last_error(status);
      if (!slot) handlers_->erase(section);
      return error;
    }
    slot = std::move(box);  // frees the previous one, which the library no longer calls
    return {};
  }
  template <SNAPLAYOUT_HPP_HANDLER(F)>
  void set_visible_items_handler(std::int32_t section, F handler) {
    try_set_visible_items_handler(section, std::move(handler)).value();
  }
  /// Removes a section's handler.
  Result<void> try_clear_visible_items_handler(std::int32_t section) {
    const int status = sl_layout_set_visible_items_handler(layout_, section, nullptr, nullptr);
    if (status != SL_OK) return detail::last_error(status);
    if (handlers_) handlers_->erase(section);
    return {};
  }
  void clear_visible_items_handler(std::int32_t section) { try_clear_visible_items_handler(section).value(); }

  // -- self-sizing ----------------------------------------------------------------------------
  Result<SizeReport> try_report_item_size(std::int32_t section, std::int64_t item, double width,
                                          double height) {
    return report([&](SizeReport *r) { return sl_layout_report_item_size(layout_, section, item, width, height, r); });
  }
  SizeReport report_item_size(std::int32_t section, std::int64_t item, double width, double height) {
    return try_report_item_size(section, item, width, height).value();
  }
  /// Measured sizes of items first ..< first + sizes.size(), reported as one change.
  Result<SizeReport> try_report_item_sizes(std::int32_t section, std::int64_t first, Span<const Size> sizes) {
    return report([&](SizeReport *r) {
      return sl_layout_report_item_sizes(layout_, section, first, sizes.data(), sizes.size(), r);
    });
  }
  SizeReport report_item_sizes(std::int32_t section, std::int64_t first, Span<const Size> sizes) {
    return try_report_item_sizes(section, first, sizes).value();
  }
  Result<SizeReport> try_reset_item_size(std::int32_t section, std::int64_t item) {
    return report([&](SizeReport *r) { return sl_layout_reset_item_size(layout_, section, item, r); });
  }
  SizeReport reset_item_size(std::int32_t section, std::int64_t item) {
    return try_reset_item_size(section, item).value();
  }
  Result<SizeReport> try_report_supplementary_size(std::int32_t section, std::int32_t kind,
                                                   double width, double height) {
    return report([&](SizeReport *r) {
      return sl_layout_report_supplementary_size(layout_, section, kind, width, height, r);
    });
  }
  SizeReport report_supplementary_size(std::int32_t section, std::int32_t kind, double width,
                                       double height) {
    return try_report_supplementary_size(section, kind, width, height).value();
  }
  Result<SizeReport> try_reset_supplementary_size(std::int32_t section, std::int32_t kind) {
    return report([&](SizeReport *r) { return sl_layout_reset_supplementary_size(layout_, section, kind, r); });
  }
  SizeReport reset_supplementary_size(std::int32_t section, std::int32_t kind) {
    return try_reset_supplementary_size(section, kind).value();
  }
  /// Sizes of a flow section's items first ..< first + sizes.size().
  Result<SizeReport> try_set_item_sizes(std::int32_t section, std::int64_t first, Span<const Size> sizes) {
    return report([&](SizeReport *r) {
      return sl_layout_set_item_sizes(layout_, section, first, sizes.data(), sizes.size(), r);
    });
  }
  SizeReport set_item_sizes(std::int32_t section, std::int64_t first, Span<const Size> sizes) {
    return try_set_item_sizes(section, first, sizes).value();
  }

  // -- data changes ---------------------------------------------------------------------------
  Result<SizeReport> try_set_item_count(std::int32_t section, std::int64_t count) {
    return report([&](SizeReport *r) { return sl_layout_set_item_count(layout_, section, count, r); });
  }
  SizeReport set_item_count(std::int32_t section, std::int64_t count) {
    return try_set_item_count(section, count).value();
  }
  Result<SizeReport> try_insert_items(std::int32_t section, std::int64_t at, std::int64_t count = 1) {
    return report([&](SizeReport *r) { return sl_layout_insert_items(layout_, section, at, count, r); });
  }
  SizeReport insert_items(std::int32_t section, std::int64_t at, std::int64_t count = 1) {
    return try_insert_items(section, at, count).value();
  }
  Result<SizeReport> try_delete_items(std::int32_t section, std::int64_t at, std::int64_t count = 1) {
    return report([&](SizeReport *r) { return sl_layout_delete_items(layout_, section, at, count, r); });
  }
  SizeReport delete_items(std::int32_t section, std::int64_t at, std::int64_t count = 1) {
    return try_delete_items(section, at, count).value();
  }
  Result<SizeReport> try_move_item(std::int32_t from_section, std::int64_t from_item,
                                   std::int32_t to_section, std::int64_t to_item) {
    return report([&](SizeReport *r) {
      return sl_layout_move_item(layout_, from_section, from_item, to_section, to_item, r);
    });
  }
  SizeReport move_item(std::int32_t from_section, std::int64_t from_item, std::int32_t to_section,
                       std::int64_t to_item) {
    return try_move_item(from_section, from_item, to_section, to_item).value();
  }
  /// Inserts the sections of a JSON array before section `at`.
  Result<SizeReport> try_insert_sections(std::int32_t at, std::string_view json) {
    return section_change(
        [&](SizeReport *r) {
          return sl_layout_insert_sections(layout_, at, json.data() != nullptr ? json.data() : "",
                                           json.size(), r);
        },
        [at](std::int32_t s, std::int32_t before, std::int32_t after) -> std::int32_t {
          return s >= at ? s + (after - before) : s;
        });
  }
  SizeReport insert_sections(std::int32_t at, std::string_view json) {
    return try_insert_sections(at, json).value();
  }
  Result<SizeReport> try_delete_sections(std::int32_t at, std::int32_t count = 1) {
    return section_change(
        [&](SizeReport *r) { return sl_layout_delete_sections(layout_, at, count, r); },
        [at, count](std::int32_t s, std::int32_t, std::int32_t) -> std::int32_t {
          return s < at ? s : (s - at < count ? -1 : s - count);
        });
  }
  SizeReport delete_sections(std::int32_t at, std::int32_t count = 1) {
    return try_delete_sections(at, count).value();
  }
  Result<SizeReport> try_move_section(std::int32_t from, std::int32_t to) {
    return section_change(
        [&](SizeReport *r) { return sl_layout_move_section(layout_, from, to, r); },
        [from, to](std::int32_t s, std::int32_t, std::int32_t) -> std::int32_t {
          if (s == from) return to;
          if (from < to && s > from && s <= to) return s - 1;
          if (to < from && s >= to && s < from) return s + 1;
          return s;
        });
  }
  SizeReport move_section(std::int32_t from, std::int32_t to) { return try_move_section(from, to).value(); }
  /// Replaces a section's description with one JSON section object (its handler stays).
  Result<SizeReport> try_replace_section(std::int32_t section, std::string_view json) {
    return report([&](SizeReport *r) {
      return sl_layout_replace_section(layout_, section, json.data() != nullptr ? json.data() : "",
                                       json.size(), r);
    });
  }
  SizeReport replace_section(std::int32_t section, std::string_view json) {
    return try_replace_section(section, json).value();
  }

 private:
  explicit Layout(sl_layout *layout) noexcept : layout_(layout) {}

  template <class F>
  Result<SizeReport> report(F &&f) {
    return detail::call<SizeReport>(std::forward<F>(f));
  }
  /// A section change; the handlers kept here follow their sections as the library's do.
  template <class F, class Remap>
  Result<SizeReport> section_change(F &&f, Remap remap) {
    std::int32_t before = 0, after = 0;
    if (handlers_ && !handlers_->empty()) sl_layout_get_section_count(layout_, &before);
    Result<SizeReport> result = detail::call<SizeReport>(std::forward<F>(f));
    if (result && handlers_ && !handlers_->empty()) {
      sl_layout_get_section_count(layout_, &after);
      detail::Handlers moved;
      for (auto &entry : *handlers_) {
        const std::int32_t s = remap(entry.first, before, after);
        if (s >= 0) moved[s] = std::move(entry.second);
      }
      // Handlers of deleted sections are dropped: the library no longer calls them.
      handlers_->swap(moved);
    }
    return result;
  }

  sl_layout *layout_ = nullptr;
  std::unique_ptr<detail::Handlers> handlers_;
};

#undef SNAPLAYOUT_HPP_HANDLER

// ---------------------------------------------------------------------------------------------
// Motions (pure functions)
// ---------------------------------------------------------------------------------------------

/// A motion's offset, velocity and settled flag at `time` seconds after it started.
inline Result<MotionState> try_sample(const Motion &motion, double time) {
  return detail::call<MotionState>([&](MotionState *out) { return sl_motion_sample(&motion, time, out); });
}
inline MotionState sample(const Motion &motion, double time) { return try_sample(motion, time).value(); }
/// The motion redirected at `time` to a new target, continuous in offset and velocity.
inline Result<Motion> try_retarget(const Motion &motion, double time, double target_offset) {
  return detail::call<Motion>(
      [&](Motion *out) { return sl_motion_retarget(&motion, time, target_offset, out); });
}
inline Motion retarget(const Motion &motion, double time, double target_offset) {
  return try_retarget(motion, time, target_offset).value();
}

}  // namespace snaplayout

#endif /* SNAPLAYOUT_HPP */
