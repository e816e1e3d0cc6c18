// test_snaplayout.cpp — include/snaplayout.hpp, the C++ interface, through the shipped
// libsnaplayout.so (docs/CPP.md). Built by mk/cpp.mk with g++ and clang++, as C++17 and C++20,
// under AddressSanitizer and UndefinedBehaviorSanitizer:
//
//  1. versions; errors as exceptions (bad JSON with its line, bad configuration with its JSON
//     Pointer, out-of-range indices, no container size) and as values (try_*, Result);
//  2. empty and moved-from layouts fail like NULL in C, never crash; move semantics;
//  3. range-for over elements, the reusing overload, kinds, frames, copy_json;
//  4. the card carousel of docs/SNAPPING.md: scroll info, rest offsets, releases (the table of
//     "The card carousel on the main scroll, three ways"), motions, navigation, wheel input;
//  5. a looping carousel: loop info, copies, a fling across the seam, canonical offsets;
//  6. visible-items handlers: lambdas, reading the layout, the SL_ESTATE rule, exceptions,
//     handlers following their sections;
//  7. self-sizing, data and section changes;
//  8. through layout changes (Tests/c/test_resnap.c): a carousel at rest keeps its card through a
//     rotation, a card measured and cards and a section inserted before it; a fling keeps its
//     card through a resize (set_scroll_target, scroll_target, retarget_motion); errors;
//  9. items longer than the viewport (Tests/c/test_long_items.c): snap_range, releases and wheel
//     notches inside a tall row; errors.
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include "snaplayout.hpp"

using namespace std::string_view_literals;
namespace sl = snaplayout;

// Tests/cpp/second_unit.cpp
std::size_t second_unit_count(snaplayout::LayoutView view, const snaplayout::Rect &rect);
void second_unit_handlers(snaplayout::Layout &layout, int *calls);

namespace {

// A vertical list: a header, `count` rows of 44 pt, in a 390 x 844 container.
std::string list_json(int count) {
  return R"({"version": 1, "environment": {"container": {"width": 390, "height": 844}},
    "sections": [{"itemCount": )" +
         std::to_string(count) + R"(, "interGroupSpacing": 0,
      "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                       "heightDimension": {"absolute": 30}}}],
      "group": {"group": "horizontal",
        "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}},
        "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                     "heightDimension": {"fractionalHeight": 1}}}]}}]})";
}

// The card carousel of docs/SNAPPING.md: ten 320 x 744 cards 7 pt apart on a 390 x 844 screen,
// contentInset 34, one card a gesture. Card k rests at k * 327 - 34; the bounds are [-34, 2907].
constexpr std::string_view card_carousel = R"({"version": 1,
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "contentInset": {"leading": 34, "trailing": 34},
                  "decelerationRate": "fast", "maxPagesPerGesture": 1}},
  "environment": {"container": {"width": 390, "height": 844}, "displayScale": 3},
  "sections": [{"itemCount": 10, "interGroupSpacing": 7,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})";

// The looping carousel of Tests/c/test_loop.c: six 300-pt cards 10 pt apart, insets 16,
// groupPaging, "loop": true; the period is 1860, rest positions 310 k.
constexpr std::string_view loop_carousel = R"({"version": 1,
  "environment": {"container": {"width": 390, "height": 844}},
  "sections": [{"itemCount": 6, "interGroupSpacing": 10,
    "contentInsets": {"leading": 16, "trailing": 16},
    "orthogonalScrollingBehavior": "groupPaging",
    "orthogonalScrollingProperties": {"loop": true},
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})";

constexpr sl::Rect screen{0, 0, 390, 844};

bool contains(const std::string &text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

// --- 1. versions and errors ------------------------------------------------------------------

SL_TEST(versions) {
  CHECK(sl::version_number() == sl::header_version_number, "library %d, header %d",
        sl::version_number(), sl::header_version_number);
  CHECK(sl::version_string() == sl::header_version_string, "version strings differ");
  CHECK(sl::version_compatible(), "compatible");
  sl::check_version();
  static_assert(sl::header_version_number == SL_VERSION_NUMBER, "the header's version");
}

SL_TEST(parse_error_has_line_and_column) {
  auto e = CHECK_THROWS(sl::Layout("{\"version\": 1,\n \"sections\": [}"), sl::Status::parse);
  if (e) {
    CHECK(e->line() == 2, "line %d", e->line());
    CHECK(e->column() > 0, "column %d", e->column());
    CHECK(!e->message().empty(), "a message");
    CHECK(e->code() == sl::Status::parse, "error_code compares with Status");
    CHECK(std::string(e->code().category().name()) == "snaplayout", "category name");
    CHECK(contains(e->what(), "line 2"), "what(): %s", e->what());
  }
}

SL_TEST(config_error_has_json_pointer) {
  const std::string bad = R"({"version": 1, "sections": [{"itemcount": 3, "group": {}}]})";
  auto e = CHECK_THROWS(sl::Layout::create(bad), sl::Status::config);
  if (e) {
    CHECK(e->path().rfind("/sections/0", 0) == 0, "path %s", e->path().c_str());
    CHECK(contains(e->message(), "itemCount"), "a suggestion: %s", e->message().c_str());
    CHECK(contains(e->what(), e->path()), "what() names the path: %s", e->what());
    const std::runtime_error &base = *e;  // an Error is a std::runtime_error
    CHECK(std::string(base.what()) == e->what(), "runtime_error");
  }
  // The same as a value.
  sl::Result<sl::Layout> r = sl::Layout::try_create(bad);
  CHECK(!r && r.status() == sl::Status::config, "try_create fails with a value");
  if (!r) {
    CHECK(r.error().path.rfind("/sections/0", 0) == 0, "path %s", r.error().path.c_str());
    CHECK(r.error().code() == sl::Status::config, "code");
  }
  auto again = CHECK_THROWS(r.value(), sl::Status::config);
  CHECK(again && again->path() == r.error().path, "value() throws the same error");
  // An empty text is a parse error, not a crash.
  CHECK(sl::Layout::try_create(std::string_view()).status() == sl::Status::parse, "empty view");
}

SL_TEST(out_of_range_and_state) {
  sl::Layout layout(list_json(5));
  auto e = CHECK_THROWS(layout.item_frame(0, 5), sl::Status::range);
  if (e) CHECK(e->path() == "item", "path %s", e->path().c_str());
  e = CHECK_THROWS(layout.section_info(3), sl::Status::range);
  if (e) CHECK(e->path() == "section", "path %s", e->path().c_str());
  e = CHECK_THROWS(layout.item_frames(0, 3, 4), sl::Status::range);
  if (e) CHECK(e->path() == "count", "path %s", e->path().c_str());
  CHECK_THROWS(layout.item_frames(0, -1, 2), sl::Status::range);
  CHECK_THROWS(layout.item_frames(0, 0, -1), sl::Status::invalid_argument);
  CHECK_THROWS(layout.set_container_size(-1, 10), sl::Status::invalid_argument);
  CHECK_THROWS(layout.elements_in({0, 0, -1, 10}), sl::Status::invalid_argument);
  CHECK_THROWS(layout.find_element_kind("footer"), sl::Status::not_found);
  CHECK_THROWS(layout.find_element_kind("hea\0der"sv), sl::Status::not_found);
  CHECK_THROWS(layout.element_kind_name(99), sl::Status::range);
  // The throwing calls leave the layout as it was.
  CHECK_NEAR(layout.container_size().width, 390, 0);

  // No container size yet: geometry is Status::state.
  sl::Layout unsized(R"({"version": 1, "sections": [{"itemCount": 1, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 10}, "heightDimension": {"absolute": 10}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})");
  CHECK(!unsized.has_container_size(), "no size yet");
  CHECK_THROWS(unsized.content_size(), sl::Status::state);
  CHECK(unsized.try_elements_in(screen).status() == sl::Status::state, "try_ gives the status");
  unsized.set_container_size(sl::Size{100, 200});
  CHECK(unsized.has_container_size(), "sized");
  CHECK_NEAR(unsized.content_size().height, 10, 0);
}

SL_TEST(results) {
  sl::Layout layout(list_json(3));
  sl::Result<sl::Rect> ok = layout.try_item_frame(0, 1);
  CHECK(ok.has_value() && ok.status() == sl::Status::ok, "a value");
  CHECK_NEAR(ok->y, 30 + 44, 0);
  CHECK_NEAR((*ok).height, 44, 0);
  bool threw = false;
  try {
    (void)ok.error();
  } catch (const sl::BadResultAccess &) {
    threw = true;
  }
  CHECK(threw, "error() on a value throws BadResultAccess");
  sl::Result<sl::Rect> bad = layout.try_item_frame(0, 3);
  CHECK(!bad && bad.error().status == sl::Status::range && bad.error().path == "item", "an error");
  CHECK_NEAR(bad.value_or(sl::Rect{1, 2, 3, 4}).width, 3, 0);
  sl::Result<void> v = layout.try_set_scroll_offset(sl::main_scroll, 10);
  CHECK(v.has_value(), "Result<void>");
  sl::Result<void> w = layout.try_set_scroll_offset(sl::main_scroll, 1.0 / 0.0 * 0.0 /* NaN */);
  CHECK(!w && w.error().status == sl::Status::invalid_argument, "NaN offset");
  CHECK(!w.error().describe().empty(), "describe()");
}

// --- 2. ownership ---------------------------------------------------------------------------

static_assert(!std::is_copy_constructible_v<sl::Layout>, "move-only");
static_assert(!std::is_copy_assignable_v<sl::Layout>, "move-only");
static_assert(std::is_nothrow_move_constructible_v<sl::Layout>, "noexcept moves");
static_assert(std::is_nothrow_move_assignable_v<sl::Layout>, "noexcept moves");
static_assert(std::is_nothrow_default_constructible_v<sl::Layout>, "empty layouts");
static_assert(std::is_nothrow_copy_constructible_v<sl::Error>, "errors copy without throwing");

#if __cplusplus >= 202002L
// The C++20 niceties are there, and the handler's concept rejects what is not a handler.
#if !defined(SNAPLAYOUT_HPP_HAS_SPAN) || !defined(SNAPLAYOUT_HPP_HAS_CONCEPTS)
#error "C++20 without std::span or concepts in snaplayout.hpp"
#endif
static_assert(sl::VisibleItemsHandler<void (*)(sl::VisibleItems &)>);
static_assert(!sl::VisibleItemsHandler<int>);
template <class F>
constexpr bool takes_handler = requires(sl::Layout &l, F f) { l.set_visible_items_handler(0, f); };
static_assert(!takes_handler<int>);
static_assert(takes_handler<void (*)(const sl::VisibleItemsContext &, sl::Span<sl::Element>)>);
#endif

SL_TEST(empty_and_moved_from_layouts_fail_like_null) {
  sl::Layout empty;
  CHECK(!empty, "empty");
  auto e = CHECK_THROWS(empty.content_size(), sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "layout", "path %s", e->path().c_str());
  CHECK_THROWS(empty.set_container_size(10, 10), sl::Status::invalid_argument);
  CHECK_THROWS(empty.elements_in(screen), sl::Status::invalid_argument);
  CHECK_THROWS(empty.copy_json(), sl::Status::invalid_argument);
  CHECK_THROWS(empty.set_visible_items_handler(0, [](sl::VisibleItems &) {}),
               sl::Status::invalid_argument);
  CHECK(!empty.has_container_size(), "nothing");

  sl::Layout a(list_json(4));
  const sl_layout *handle = a.c_layout();
  sl::Layout b(std::move(a));
  CHECK(!a && b && b.c_layout() == handle, "the handle moves");
  CHECK_THROWS(a.item_count(0), sl::Status::invalid_argument);  // NOLINT: moved-from on purpose
  CHECK(b.item_count(0) == 4, "the new owner answers");

  sl::Layout c(list_json(7));
  c = std::move(b);  // c's own layout is destroyed (ASan's leak check would see it otherwise)
  CHECK(c.item_count(0) == 4 && !b, "move assignment");
  sl::Layout &same = c;
  c = std::move(same);  // self-move leaves it alone
  CHECK(c && c.item_count(0) == 4, "self-move");

  std::vector<sl::Layout> many;
  for (int i = 1; i <= 20; i++) many.push_back(sl::Layout(list_json(i)));  // reallocates: moves
  for (int i = 1; i <= 20; i++) CHECK(many[i - 1].item_count(0) == i, "layout %d", i);
  std::swap(many[0], many[19]);
  CHECK(many[0].item_count(0) == 20 && many[19].item_count(0) == 1, "swap");

  // release() and adopt() hand the handle across the C boundary.
  sl_layout *raw = many[5].release();
  CHECK(!many[5] && raw != nullptr, "released");
  sl::Layout adopted = sl::Layout::adopt(raw);
  CHECK(adopted.item_count(0) == 6, "adopted");
  adopted.reset();
  CHECK(!adopted, "reset");

  sl::LayoutView view = c;
  CHECK(view && view.item_count(0) == 4, "a view reads the layout");
  CHECK(sl::LayoutView().try_section_count().status() == sl::Status::invalid_argument, "empty view");
}

// --- 3. elements, frames, JSON ----------------------------------------------------------------

SL_TEST(range_for_over_elements) {
  const sl::Layout layout(list_json(100));
  int cells = 0, headers = 0;
  const std::int32_t header = layout.find_element_kind("header");
  CHECK(layout.element_kind_name(header) == "header", "kind name");
  CHECK(layout.element_kind_name(sl::cell_kind) == "cell", "cell kind name");
  CHECK(layout.element_kind_count() == 1, "one kind");
  for (const sl::Element &e : layout.elements_in(screen)) {
    if (sl::is_cell(e)) {
      CHECK_NEAR(e.frame.y, 30 + 44.0 * static_cast<double>(e.item), 0);
      CHECK(e.copy == 0 && e.section == 0 && e.kind == sl::cell_kind, "a cell");
      cells++;
    } else {
      CHECK(sl::category(e) == sl::Category::supplementary && e.kind == header, "the header");
      headers++;
    }
  }
  CHECK(cells == 19 && headers == 1, "19 rows and the header in 844 pt (got %d, %d)", cells, headers);
  CHECK(layout.element_count_in(screen) == 20, "count");

  // The reusing overload: grows once, then reuses.
  std::vector<sl::Element> buffer;
  layout.elements_in({0, 0, 390, 100}, buffer);
  CHECK(buffer.size() == 3, "header and two rows (got %zu)", buffer.size());
  layout.elements_in(screen, buffer);
  CHECK(buffer.size() == 20, "grown (got %zu)", buffer.size());
  const sl::Element *data = buffer.data();
  layout.elements_in({0, 200, 390, 100}, buffer);
  CHECK(buffer.size() == 4 && buffer.data() == data, "rows 3 to 6, reused (got %zu)", buffer.size());
  layout.elements_in({0, 100000, 390, 100}, buffer);
  CHECK(buffer.empty(), "nothing there");

  // Frames, one, many, into a caller's buffer.
  std::vector<sl::Rect> frames = layout.item_frames(0, 10, 5);
  CHECK(frames.size() == 5, "five frames");
  for (int i = 0; i < 5; i++) CHECK_NEAR(frames[static_cast<size_t>(i)].y, 30 + 44.0 * (10 + i), 0);
  CHECK(layout.item_frames(0, 100, 0).empty(), "none at the end");
  sl::Rect some[3];
  layout.item_frames(0, 97, some);
  CHECK_NEAR(some[2].y, 30 + 44.0 * 99, 0);
#if defined(SNAPLAYOUT_HPP_HAS_SPAN)
  std::span<sl::Rect> span(some);
  layout.item_frames(0, 0, span);
  CHECK_NEAR(some[1].y, 30 + 44.0, 0);
  std::span<sl::Rect> back = sl::Span<sl::Rect>(some);
  CHECK(back.size() == 3, "Span converts to std::span");
#endif
  CHECK_NEAR(layout.content_size().height, 30 + 4400, 0);
  sl::SectionInfo info = layout.section_info(0);
  CHECK(info.item_count == 100 && layout.section_count() == 1, "section info");
  CHECK(layout.section_variant(0) == -1, "no variants");

  const std::string json = layout.copy_json(sl::Rect{0, 0, 390, 100});
  CHECK(contains(json, "\"contentSize\"") && contains(json, "\"elements\""), "JSON");
  CHECK(layout.copy_json().size() > json.size(), "every element is longer");
}

SL_TEST(concurrent_reads_of_a_const_layout) {
  const sl::Layout layout(list_json(10000));
  auto reader = [&layout](int offset, int *ok) {
    std::vector<sl::Element> buffer;
    for (int i = 0; i < 200; i++) {
      layout.elements_in({0, static_cast<double>(offset + i * 40), 390, 844}, buffer);
      if (!buffer.empty()) ++*ok;
    }
  };
  int a = 0, b = 0;
  std::thread first(reader, 0, &a), second(reader, 50000, &b);
  first.join();
  second.join();
  CHECK(a == 200 && b == 200, "both threads read (%d, %d)", a, b);
}

// --- 4. the card carousel ---------------------------------------------------------------------

SL_TEST(card_carousel_rest_positions) {
  const sl::Layout layout{card_carousel};
  const sl::ScrollInfo info = layout.scroll_info(sl::main_scroll);
  CHECK(info.horizontal == 1 && info.snap_count == 10, "ten cards across");
  CHECK_NEAR(info.min_offset, -34, 1e-9);
  CHECK_NEAR(info.max_offset, 2907, 1e-9);
  CHECK_NEAR(info.offset, -34, 1e-9);
  const std::vector<double> offsets = layout.snap_offsets(sl::main_scroll);
  CHECK(offsets.size() == 10, "ten rest offsets");
  for (std::size_t k = 0; k + 1 < offsets.size(); k++) CHECK_NEAR(offsets[k], 327.0 * k - 34, 1e-9);
  CHECK_NEAR(offsets.back(), 2907, 1e-9);  // ideal 2909, clamped
  CHECK(layout.snap_offsets(sl::main_scroll, 8).size() == 2, "from position 8");
  const sl::ItemOffset four = layout.offset_for_item(sl::main_scroll, 0, 4);
  CHECK_NEAR(four.offset, 4 * 327 - 34, 1e-9);
  CHECK(four.snap == 4, "rest position 4");
  const sl::ItemOffset centred = layout.offset_to_show_item(sl::main_scroll, 0, 4, SL_ALIGN_CENTER);
  CHECK_NEAR(centred.offset, 4 * 327 - 34, 1e-9);  // the rest position nearest the centred offset
  CHECK(centred.snap == 4, "centred on rest position 4");
  CHECK(!layout.try_offset_to_show_item(sl::main_scroll, 0, 4, 9), "alignment 9 is refused");
  const sl::SnapPosition half = layout.snap_position(sl::main_scroll, 293 + 327.0 / 2);
  CHECK_NEAR(half.progress, 1.5, 1e-12);
  CHECK(!layout.loop_info(sl::main_scroll).requested, "no loop");
  CHECK_THROWS(layout.snap_offsets(sl::main_scroll, 11), sl::Status::range);
  CHECK_THROWS(layout.scroll_info(3), sl::Status::range);
}

SL_TEST(card_carousel_releases_and_motions) {
  const sl::Layout layout{card_carousel};
  // docs/SNAPPING.md, the `standard` column of the table.
  struct Row {
    double start, release, velocity, target;
    std::int64_t snap;
  };
  const Row rows[] = {{-34, 0, 1000, 293, 1}, {-34, 150, 0, 293, 1}, {293, 560, 500, 620, 2},
                      {293, 400, 3000, 620, 2}};
  for (const Row &row : rows) {
    const sl::SnapResult r =
        layout.resolve_scroll(sl::main_scroll, sl::ScrollRelease{row.start, row.release, row.velocity, {}});
    CHECK_NEAR(r.target_offset, row.target, 1e-9);
    CHECK(r.snap_index == row.snap && r.item == row.snap && r.section == 0,
          "%g -> %g at %g: snap %lld", row.start, row.release, row.velocity,
          static_cast<long long>(r.snap_index));
    // The motion starts at the release, with its velocity, and settles on the target.
    const sl::MotionState at0 = sl::sample(r.motion, 0);
    CHECK_NEAR(at0.offset, row.release, 1e-9);
    const sl::MotionState end = sl::sample(r.motion, r.motion.duration);
    CHECK(end.settled == 1, "settled at its duration");
    CHECK_NEAR(end.offset, row.target, 0);
    if (row.velocity > 0) CHECK(sl::motion_kind(r.motion) != sl::MotionKind::none, "a motion");
  }
  // An explicit reference: measured from card 3, a forward fling goes to card 4 at most.
  const sl::SnapResult ref = layout.resolve_scroll(
      sl::main_scroll, sl::ScrollRelease{293, 400, 3000, std::int64_t{3}});
  CHECK(ref.reference_snap == 3 && ref.snap_index == 4, "from reference 3: %lld",
        static_cast<long long>(ref.snap_index));
  CHECK_THROWS(layout.resolve_scroll(sl::main_scroll, sl::ScrollRelease{0, 0, 0, std::int64_t{10}}),
               sl::Status::range);

  // Re-grabbing mid-flight measures from the motion's target.
  const sl::SnapResult fling = layout.resolve_scroll(sl::main_scroll, {-34, 0, 1000, {}});
  const std::int64_t reference =
      layout.reference_snap(sl::main_scroll, sl::sample(fling.motion, 0.05).offset,
                            sl::InFlight{fling.motion, 0.05});
  CHECK(reference == 1, "the target of the motion in flight (got %lld)", static_cast<long long>(reference));
  CHECK(layout.selected_snap(sl::main_scroll, sl::InFlight{fling.motion, 0.05}) == 1, "selected");
  CHECK(layout.selected_snap(sl::main_scroll) == 0, "at rest: card 0");

  // Retargeting is continuous.
  const sl::Motion toward = sl::retarget(fling.motion, 0.05, 620);
  const sl::MotionState before = sl::sample(fling.motion, 0.05), after = sl::sample(toward, 0);
  CHECK_NEAR(after.offset, before.offset, 1e-9);
  CHECK_NEAR(after.velocity, before.velocity, 1e-6);
  CHECK_NEAR(toward.target_offset, 620, 0);
  CHECK(sl::try_sample(fling.motion, 0.0 / 0.0).status() == sl::Status::invalid_argument, "NaN time");
}

SL_TEST(card_carousel_navigation_and_input) {
  sl::Layout layout{card_carousel};
  sl::SnapResult step = layout.navigate(sl::main_scroll, sl::Navigate::next);
  CHECK(step.snap_index == 1 && step.reference_snap == 0, "next: 0 -> 1");
  CHECK_NEAR(step.target_offset, 293, 1e-9);
  // Three quick presses, each passing the motion in flight, go three cards.
  sl::InFlight flight{step.motion, 0.02};
  step = layout.navigate(sl::main_scroll, sl::Navigate::next, 1, flight);
  flight = sl::InFlight{step.motion, 0.02};
  step = layout.navigate(sl::main_scroll, sl::Navigate::next, 1, flight);
  CHECK(step.snap_index == 3, "three presses: card 3 (got %lld)", static_cast<long long>(step.snap_index));
  step = layout.navigate(sl::main_scroll, sl::Navigate::last);
  CHECK(step.snap_index == 9, "last");
  CHECK_NEAR(step.target_offset, 2907, 1e-9);
  step = layout.navigate(sl::main_scroll, sl::Navigate::to, 5);
  CHECK_NEAR(step.target_offset, 5 * 327 - 34, 1e-9);
  auto e = CHECK_THROWS(layout.navigate(sl::main_scroll, sl::Navigate::to, 10), sl::Status::range);
  if (e) CHECK(e->path() == "argument", "path %s", e->path().c_str());
  CHECK_THROWS(layout.navigate(sl::main_scroll, sl::Navigate::next, 0), sl::Status::invalid_argument);

  layout.jump_to_snap(sl::main_scroll, 2);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 620, 1e-9);
  step = layout.navigate(sl::main_scroll, sl::Navigate::previous, 2);
  CHECK(step.snap_index == 0 && step.reference_snap == 2, "previous 2 from card 2");

  // A wheel notch steps one card and returns the motion; touchpad deltas move the content.
  sl::ScrollInputResult wheel = layout.scroll_input(sl::main_scroll, sl::ScrollInput::wheel(1, 10.0));
  CHECK(wheel.has_motion == 1 && wheel.result.snap_index == 3, "a notch: card 3");
  layout.set_scroll_offset(sl::main_scroll, 620);
  sl::ScrollInputResult pad = layout.scroll_input(sl::main_scroll, sl::ScrollInput::touchpad(20, 20.0));
  CHECK(pad.has_motion == 0, "fingers moving");
  CHECK_NEAR(pad.offset, 640, 1e-9);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 640, 1e-9);
  pad = layout.scroll_input(sl::main_scroll, sl::ScrollInput::touchpad(0, 20.01, true));
  CHECK(pad.has_motion == 1 && pad.result.snap_index == 2, "the end resolves a release: card %lld",
        static_cast<long long>(pad.result.snap_index));
  CHECK_THROWS(layout.scroll_input(sl::main_scroll, sl::ScrollInput::touchpad(1.0 / 0.0, 21)),
               sl::Status::invalid_argument);
}

// --- 5. a looping carousel --------------------------------------------------------------------

SL_TEST(looping_carousel) {
  sl::Layout layout{loop_carousel};
  const sl::LoopInfo loop = layout.loop_info(0);
  CHECK(loop.requested == 1 && loop.active == 1, "it loops");
  CHECK_NEAR(loop.period, 1860, 1e-9);
  // At rest on card 0 the last card's copy of the lap before peeks in on the left.
  int seen = 0;
  for (const sl::Element &e : layout.elements_in(screen)) {
    if (!sl::is_cell(e)) continue;
    seen++;
    if (e.item == 5) {
      CHECK(e.copy == -1, "card 5 is the previous lap's copy");
      CHECK_NEAR(e.frame.x, -294, 1e-9);
    } else {
      CHECK(e.copy == 0 && (e.item == 0 || e.item == 1), "cards 0 and 1 (item %lld)",
            static_cast<long long>(e.item));
    }
  }
  CHECK(seen == 3, "three cells (got %d)", seen);
  // A backward fling from card 0 crosses the seam onto card 5.
  const sl::SnapResult back = layout.resolve_scroll(0, {0, -20, -3000, {}});
  CHECK_NEAR(back.target_offset, -310, 1e-9);
  CHECK(back.snap_index == 5 && back.item == 5, "card 5");
  const sl::SnapResult previous = layout.navigate(0, sl::Navigate::previous);
  CHECK_NEAR(previous.target_offset, -310, 1e-9);
  // Far out, the canonical offset is a whole number of periods back.
  const double far = 1860.0 * 1000000 + 620;
  layout.set_scroll_offset(0, far);
  const sl::CanonicalOffset canonical = layout.canonical_offset(0, far);
  CHECK_NEAR(canonical.offset, 620, 1e-6);
  CHECK_NEAR(canonical.shift, 1860.0 * 1000000, 1e-6);
  CHECK(layout.selected_snap(0) == 2, "card 2");
  for (const sl::Element &e : layout.elements_in(screen))
    if (sl::is_cell(e) && e.item == 2) CHECK(e.copy == 1000000, "lap %d", e.copy);
  layout.set_scroll_offset(0, canonical.offset);
  CHECK_NEAR(layout.scroll_offset(0), 620, 1e-6);
  const double distance = layout.item_distance(0, 2);  // groupPaging rests at the leading edge
  CHECK(distance < 0 && distance > -0.5, "card 2 is the nearest the centre (%g)", distance);
  CHECK_NEAR(layout.item_distance(0, 3) - distance, 1, 1e-9);
}

// --- 6. visible-items handlers ----------------------------------------------------------------

SL_TEST(handlers_change_elements_and_read_the_layout) {
  sl::Layout layout(list_json(50));
  int calls = 0;
  std::int32_t sections_seen = -1;
  layout.set_visible_items_handler(0, [&](sl::VisibleItems &items) {
    calls++;
    sections_seen = items.layout.section_count();  // reading is allowed
    CHECK(items.context.section == 0 && items.context.container == sl::main_scroll, "context");
    for (sl::Element &e : items.elements)
      if (sl::is_cell(e)) e.alpha = 0.5;
  });
  for (const sl::Element &e : layout.elements_in(screen))
    if (sl::is_cell(e)) CHECK_NEAR(e.alpha, 0.5, 0);
  CHECK(calls == 1 && sections_seen == 1, "called once (%d)", calls);
  CHECK(layout.element_count_in(screen) == 20 && calls == 1, "counting runs no handler");

  // The handler survives a move of its layout.
  sl::Layout moved = std::move(layout);
  (void)moved.elements_in(screen);
  CHECK(calls == 2, "still called after the move");

  // A changing call from inside fails with Status::state; nothing changes.
  sl::Layout *self = &moved;
  std::optional<sl::Status> inside;
  moved.set_visible_items_handler(0, [&](sl::VisibleItems &) {
    inside = self->try_set_scroll_offset(sl::main_scroll, 100).status();
    CHECK_THROWS(self->set_container_size(100, 100), sl::Status::state);
  });
  (void)moved.elements_in(screen);
  CHECK(inside == sl::Status::state, "Status::state inside the handler");
  CHECK_NEAR(moved.scroll_offset(sl::main_scroll), 0, 0);
  moved.set_scroll_offset(sl::main_scroll, 100);  // outside: fine
  CHECK_NEAR(moved.scroll_offset(sl::main_scroll), 100, 0);

  // The two-argument form, and clearing.
  int pairs = 0;
  moved.set_visible_items_handler(
      0, [&pairs](const sl::VisibleItemsContext &context, sl::Span<sl::Element> elements) {
        pairs += static_cast<int>(elements.size());
        CHECK(context.section == 0, "context");
      });
  (void)moved.elements_in(screen);
  CHECK(pairs == 20, "every element of the section (got %d)", pairs);
  moved.clear_visible_items_handler(0);
  (void)moved.elements_in(screen);
  CHECK(pairs == 20, "cleared");
  CHECK_THROWS(moved.set_visible_items_handler(4, [](sl::VisibleItems &) {}), sl::Status::range);
}

SL_TEST(handler_exceptions_reach_the_query) {
  sl::Layout layout(list_json(50));
  int calls = 0;
  layout.set_visible_items_handler(0, [&](sl::VisibleItems &) {
    if (++calls == 1) throw std::runtime_error("from the handler");
  });
  bool caught = false;
  try {
    (void)layout.elements_in(screen);
  } catch (const std::runtime_error &e) {
    caught = std::string(e.what()) == "from the handler";
  }
  CHECK(caught, "rethrown by elements_in");
  // The next query runs normally.
  CHECK(layout.elements_in(screen).size() == 20 && calls == 2, "then a normal query");
  calls = 0;
  caught = false;
  try {
    (void)layout.try_elements_in(screen);
  } catch (const std::runtime_error &) {
    caught = true;
  }
  CHECK(caught, "try_elements_in rethrows a handler's exception too");

  // Nested: a handler querying another layout whose handler throws.
  sl::Layout other(list_json(5));
  other.set_visible_items_handler(0, [](sl::VisibleItems &) { throw std::logic_error("inner"); });
  bool inner_seen = false;
  layout.set_visible_items_handler(0, [&](sl::VisibleItems &) {
    try {
      (void)other.elements_in(screen);
    } catch (const std::logic_error &) {
      inner_seen = true;
    }
  });
  CHECK(layout.elements_in(screen).size() == 20 && inner_seen, "nested handlers");

  // Across translation units: a handler set here, a query run in second_unit.cpp.
  layout.set_visible_items_handler(0, [](sl::VisibleItems &) { throw std::domain_error("here"); });
  caught = false;
  try {
    (void)second_unit_count(layout, screen);
  } catch (const std::domain_error &) {
    caught = true;
  }
  CHECK(caught, "rethrown in the other unit");
  int calls_there = 0;
  second_unit_handlers(layout, &calls_there);  // sets the two-argument form last
  CHECK(second_unit_count(layout, screen) == 20 && calls_there == 20, "set there, run there (%d)",
        calls_there);
}

// Destroying a layout from inside its own handler: the library refuses, and the Layout gives up
// the handle and its handlers without freeing them (a leak by design, hidden from LeakSanitizer
// here), so the running query finishes with valid handlers.
#if defined(__has_include)
#if __has_include(<sanitizer/lsan_interface.h>)
#include <sanitizer/lsan_interface.h>
#define SL_TEST_HAS_LSAN_INTERFACE 1
#endif
#endif
SL_TEST(reset_from_inside_a_handler_leaks_rather_than_dangles) {
#if defined(SL_TEST_HAS_LSAN_INTERFACE)
  __lsan_disable();
#endif
  {
    sl::Layout layout(list_json(50));
    sl::Layout *self = &layout;
    int calls = 0;
    layout.set_visible_items_handler(0, [&](sl::VisibleItems &items) {
      calls++;
      self->reset();  // refused by the library: the handle stays valid for this query
      CHECK(items.layout.section_count() == 1, "the layout still answers inside the query");
      CHECK(sl_error_last()->code == SL_ESTATE, "refused with SL_ESTATE");
    });
    std::vector<sl::Element> elements;
    layout.elements_in(screen, elements);
    CHECK(calls == 1 && elements.size() == 20, "the query finished (%zu)", elements.size());
    CHECK(!layout, "the Layout is empty afterwards");
  }
#if defined(SL_TEST_HAS_LSAN_INTERFACE)
  __lsan_enable();
#endif
}

SL_TEST(handlers_follow_their_sections) {
  sl::Layout layout(list_json(3));
  std::vector<std::int32_t> seen;
  layout.set_visible_items_handler(0, [&](sl::VisibleItems &items) { seen.push_back(items.context.section); });
  const std::string section = R"([{"itemCount": 2, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 50}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}])";
  layout.insert_sections(0, section);
  (void)layout.elements_in(screen);
  CHECK(seen.size() == 1 && seen[0] == 1, "the handler moved to section 1");
  layout.move_section(1, 0);
  seen.clear();
  (void)layout.elements_in(screen);
  CHECK(seen.size() == 1 && seen[0] == 0, "and back to 0");
  // Replacing a section's description keeps its handler; deleting it drops it.
  layout.replace_section(0, section.substr(1, section.size() - 2));
  seen.clear();
  (void)layout.elements_in(screen);
  CHECK(seen.size() == 1 && seen[0] == 0, "replaced, still handled");
  layout.delete_sections(0);
  seen.clear();
  (void)layout.elements_in(screen);
  CHECK(seen.empty() && layout.section_count() == 1, "deleted with its section");
  // Relative JSON Pointers for an invalid inserted section.
  auto e = CHECK_THROWS(layout.insert_sections(0, R"([{"itemCount": -1}])"), sl::Status::config);
  if (e) CHECK(e->path().rfind("/0", 0) == 0, "path %s", e->path().c_str());
  CHECK_THROWS(layout.insert_sections(0, "[{"), sl::Status::parse);
  CHECK_THROWS(layout.delete_sections(5), sl::Status::range);
}

// --- 7. self-sizing and data changes -----------------------------------------------------------

SL_TEST(self_sizing_and_data_changes) {
  sl::Layout layout(R"({"version": 1, "environment": {"container": {"width": 390, "height": 844}},
    "sections": [{"itemCount": 100, "group": {"group": "vertical",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"estimated": 44}}}]}}]})");
  CHECK(!layout.measured_size(0, 3).has_value(), "not measured");
  sl::SizeReport report = layout.report_item_size(0, 3, 390, 100);
  CHECK_NEAR(report.content_size.height, 99 * 44 + 100, 0);
  const std::optional<sl::Size> measured = layout.measured_size(0, 3);
  CHECK(measured && measured->height == 100, "measured");
  CHECK_NEAR(layout.item_frame(0, 4).y, 3 * 44 + 100, 0);
  // A size reported above the viewport moves the offset with it.
  layout.set_scroll_offset(sl::main_scroll, 2000);
  report = layout.report_item_size(0, 0, 390, 54);
  CHECK_NEAR(report.main_offset_adjustment, 10, 0);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 2010, 0);
  report = layout.reset_item_size(0, 0);
  CHECK_NEAR(report.main_offset_adjustment, -10, 0);
  CHECK_THROWS(layout.report_item_size(0, 100, 10, 10), sl::Status::range);
  CHECK_THROWS(layout.report_item_size(0, 0, -1, 10), sl::Status::invalid_argument);

  // Items move with their measured sizes.
  layout.insert_items(0, 0, 2);
  CHECK(layout.item_count(0) == 102 && layout.measured_size(0, 5), "item 3 is now 5");
  layout.delete_items(0, 0, 2);
  CHECK(layout.item_count(0) == 100 && layout.measured_size(0, 3), "and back");
  layout.move_item(0, 3, 0, 0);
  CHECK(layout.measured_size(0, 0) && !layout.measured_size(0, 3), "moved to 0");
  layout.set_item_count(0, 10);
  CHECK(layout.item_count(0) == 10, "set_item_count");
  CHECK_THROWS(layout.delete_items(0, 5, 6), sl::Status::range);
  CHECK_THROWS(layout.insert_items(0, 11), sl::Status::range);

  // A flow layout's sizes.
  sl::Layout flow(R"({"version": 1, "environment": {"container": {"width": 390, "height": 844}},
    "flowLayout": {"itemSize": {"width": 100, "height": 40}}, "sections": [{"itemCount": 6}]})");
  const std::vector<sl::Size> sizes{{390, 80}, {390, 60}};
  flow.set_item_sizes(0, 0, sizes);
  CHECK_NEAR(flow.item_frame(0, 1).y, 80 + 10, 0);  // minimumLineSpacing 10
  CHECK_NEAR(flow.item_frame(0, 1).height, 60, 0);
  const sl::Size bad[1] = {{0, 10}};
  CHECK_THROWS(flow.set_item_sizes(0, 0, bad), sl::Status::invalid_argument);
}

// Many measured sizes in one call leave the layout as single reports in item order do.
SL_TEST(report_item_sizes_as_single_reports) {
  constexpr std::string_view list = R"({"version": 1, "environment": {"container": {"width": 390, "height": 844}},
    "sections": [{"itemCount": 200, "interGroupSpacing": 8, "group": {"group": "vertical",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"estimated": 44}}}]}}]})";
  sl::Layout single{list};
  sl::Layout batch{list};
  single.set_scroll_offset(sl::main_scroll, 1500);
  batch.set_scroll_offset(sl::main_scroll, 1500);
  std::vector<sl::Size> sizes;
  for (int i = 0; i < 60; i++) sizes.push_back({390, 20 + (i * 37 % 101) / 4.0});
  double moved = 0;
  for (std::size_t i = 0; i < sizes.size(); i++)
    moved += single.report_item_size(0, 10 + static_cast<std::int64_t>(i), sizes[i].width,
                                     sizes[i].height).main_offset_adjustment;
  const sl::SizeReport report = batch.report_item_sizes(0, 10, sizes);
  CHECK(moved != 0, "the sizes above the viewport moved the offset: %g", moved);
  CHECK_NEAR(report.main_offset_adjustment, moved, 1e-6);
  CHECK_NEAR(report.content_size.height, single.content_size().height, 0);
  CHECK_NEAR(batch.scroll_offset(sl::main_scroll), single.scroll_offset(sl::main_scroll), 0);
  const std::vector<sl::Rect> a = single.item_frames(0, 0, 200), b = batch.item_frames(0, 0, 200);
  int differences = 0;
  for (std::size_t i = 0; i < a.size(); i++)
    differences += a[i].x != b[i].x || a[i].y != b[i].y || a[i].width != b[i].width ||
                   a[i].height != b[i].height;
  CHECK(differences == 0, "%d frames differ", differences);
  const std::optional<sl::Size> measured = batch.measured_size(0, 12);
  CHECK(measured && measured->height == sizes[2].height, "item 12 measured");

  // Refused by name; nothing changes.
  const sl::Size bad[3] = {{390, 50}, {390, -1}, {390, 70}};
  auto e = CHECK_THROWS(batch.report_item_sizes(0, 0, bad), sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "sizes/1/height", "path %s", e->path().c_str());
  const sl::Size wide[2] = {{1.0 / 0.0, 50}, {390, 60}};
  e = CHECK_THROWS(batch.report_item_sizes(0, 0, wide), sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "sizes/0/width", "path %s", e->path().c_str());
  e = CHECK_THROWS(batch.report_item_sizes(0, 199, bad), sl::Status::range);
  if (e) CHECK(e->path() == "count", "path %s", e->path().c_str());
  e = CHECK_THROWS(batch.report_item_sizes(0, -1, sizes), sl::Status::range);
  if (e) CHECK(e->path() == "first", "path %s", e->path().c_str());
  e = CHECK_THROWS(batch.report_item_sizes(1, 0, sizes), sl::Status::range);
  if (e) CHECK(e->path() == "section", "path %s", e->path().c_str());
  const sl::Result<sl::SizeReport> r = batch.try_report_item_sizes(0, 0, bad);
  CHECK(!r && r.error().path == "sizes/1/height", "try_ gives the error back");
  CHECK(!batch.measured_size(0, 0).has_value(), "a refused call measured a cell");
  CHECK_NEAR(batch.scroll_offset(sl::main_scroll), single.scroll_offset(sl::main_scroll), 0);
  // Nothing to report.
  CHECK_NEAR(batch.report_item_sizes(0, 200, sl::Span<const sl::Size>()).main_offset_adjustment, 0, 0);

  // A flow section of a fixed itemSize does not size its items.
  sl::Layout fixed(R"({"version": 1, "environment": {"container": {"width": 390, "height": 844}},
    "flowLayout": {"itemSize": {"width": 100, "height": 40}}, "sections": [{"itemCount": 6}]})");
  e = CHECK_THROWS(fixed.report_item_sizes(0, 0, sl::Span<const sl::Size>(sizes.data(), 2)),
                   sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "section", "path %s", e->path().c_str());
}

// --- 8. through layout changes ----------------------------------------------------------------

namespace {

// Tests/c/test_resnap.c's cards: 300 x 200, 10 apart, centred in a horizontal main scroll 390 wide
// (snapUnit item); card k of section 0 rests at 310 k + 150 - 195. Section 0's are estimated.
constexpr std::string_view resnap_cards = R"({"version": 1,
  "environment": {"container": {"width": 390, "height": 400}},
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "alignment": "center"}},
  "sections": [{"itemCount": 10, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"estimated": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"estimated": 300},
                                   "heightDimension": {"fractionalHeight": 1}}}]}},
    {"itemCount": 10, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})";

double rest_of(const sl::Layout &layout, std::int32_t section, std::int64_t item) {
  return layout.offset_for_item(sl::main_scroll, section, item).offset;
}

}  // namespace

SL_TEST(resnap_a_carousel_at_rest_keeps_its_card) {
  sl::Layout layout{resnap_cards};
  layout.set_scroll_offset(sl::main_scroll, rest_of(layout, 0, 3));
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 310 * 3 + 150 - 195, 0);
  // A rotation and back: the card stays, the content moves under it.
  layout.set_container_size(844, 390);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), rest_of(layout, 0, 3), 0);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 310 * 3 + 150 - 422, 0);
  layout.set_container_size(390, 400);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 310 * 3 + 150 - 195, 0);
  // A card before it measured.
  const sl::SizeReport measured = layout.report_item_size(0, 1, 400, 200);
  CHECK_NEAR(measured.main_offset_adjustment, 100, 0);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), rest_of(layout, 0, 3), 0);
  layout.reset_item_size(0, 1);
  // Two cards inserted before card 4 of section 1: it is card 6, the container follows it.
  layout.set_scroll_offset(sl::main_scroll, rest_of(layout, 1, 4));
  CHECK_NEAR(layout.insert_items(1, 0, 2).main_offset_adjustment, 620, 0);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), rest_of(layout, 1, 6), 0);
  // A section inserted before.
  const sl::SizeReport inserted = layout.insert_sections(0, R"([{"itemCount": 4, "interGroupSpacing": 10,
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 300}, "heightDimension": {"absolute": 200}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}])");
  CHECK_NEAR(inserted.main_offset_adjustment, 4 * 300 + 3 * 10, 0);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), rest_of(layout, 2, 6), 0);
  // Between cards is not at rest: a new size keeps the offset.
  layout.set_scroll_offset(sl::main_scroll, 1000);
  layout.set_container_size(600, 400);
  CHECK_NEAR(layout.scroll_offset(sl::main_scroll), 1000, 0);
}

SL_TEST(resnap_a_motion_in_flight_keeps_its_card) {
  sl::Layout layout{resnap_cards};
  const double start = rest_of(layout, 1, 0);
  layout.set_scroll_offset(sl::main_scroll, start);
  const sl::SnapResult fling = layout.resolve_scroll(sl::main_scroll, {start, start + 40, 2500, {}});
  CHECK(fling.section == 1 && fling.item == 4, "the fling goes to card 1/4 (got %d/%lld)", fling.section,
        static_cast<long long>(fling.item));
  CHECK(!layout.scroll_target(sl::main_scroll), "no target yet");
  layout.set_scroll_target(sl::main_scroll, fling.target_offset);
  const std::optional<double> set = layout.scroll_target(sl::main_scroll);
  CHECK(set && *set == fling.target_offset, "the target set");
  CHECK(layout.view().scroll_target(sl::main_scroll) == set, "read through a view too");

  // Part-way, the window grows: the target follows card 4.
  const double t = 0.15;
  const sl::MotionState state = sl::sample(fling.motion, t);
  CHECK(!state.settled, "still moving");
  layout.set_scroll_offset(sl::main_scroll, state.offset);
  layout.set_container_size(600, 400);
  const double card = rest_of(layout, 1, 4);
  CHECK(layout.scroll_target(sl::main_scroll) == card, "the target moved with its card");
  CHECK(card != fling.target_offset, "to a new offset");

  const sl::Motion carried = layout.retarget_motion(sl::main_scroll, fling.motion, t);
  const sl::MotionState first = sl::sample(carried, 0);
  CHECK_NEAR(first.offset, layout.scroll_offset(sl::main_scroll), 1e-9);
  CHECK_NEAR(first.velocity, state.velocity, 1e-6 * std::abs(state.velocity));
  CHECK_NEAR(carried.target_offset, card, 0);
  const sl::MotionState end = sl::sample(carried, carried.duration + 1);
  CHECK(end.settled && end.offset == card, "lands on card 4");

  // Without a target, the motion's own target moves as far as the offset moved.
  layout.clear_scroll_target(sl::main_scroll);
  CHECK(!layout.scroll_target(sl::main_scroll), "cleared");
  layout.clear_scroll_target(sl::main_scroll);  // nothing set: nothing happens
  layout.set_scroll_offset(sl::main_scroll, 700);
  const sl::Motion moved = layout.retarget_motion(sl::main_scroll, carried, 0);
  CHECK_NEAR(moved.target_offset, carried.target_offset + 700 - carried.start_offset, 1e-9);
  CHECK(layout.scroll_target(sl::main_scroll) == moved.target_offset, "the result's target is kept");
}

SL_TEST(resnap_bad_arguments) {
  sl::Layout layout(R"({"version": 1, "sections": [{"itemCount": 3, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 50}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})");
  auto e = CHECK_THROWS(layout.set_scroll_target(sl::main_scroll, 10), sl::Status::state);
  if (e) CHECK(e->path() == "layout", "path %s", e->path().c_str());
  CHECK(layout.try_scroll_target(sl::main_scroll).status() == sl::Status::state, "unsolved");
  layout.set_container_size(390, 100);
  const sl::SnapResult fling = layout.resolve_scroll(sl::main_scroll, {0, 10, 900, {}});

  e = CHECK_THROWS(layout.set_scroll_target(sl::main_scroll, 0.0 / 0.0), sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "target_offset", "path %s", e->path().c_str());
  const sl::Result<void> huge = layout.try_set_scroll_target(sl::main_scroll, 1e101);
  CHECK(!huge && huge.status() == sl::Status::invalid_argument, "1e101 is refused");
  e = CHECK_THROWS(layout.set_scroll_target(7, 10), sl::Status::range);
  if (e) CHECK(e->path() == "container", "path %s", e->path().c_str());
  CHECK_THROWS(layout.set_scroll_target(0, 10), sl::Status::invalid_argument);  // not orthogonal
  CHECK_THROWS(layout.clear_scroll_target(-2), sl::Status::range);
  CHECK(layout.try_clear_scroll_target(-2).status() == sl::Status::range, "try_ twin");
  CHECK_THROWS(layout.scroll_target(3), sl::Status::range);

  sl::Motion damaged = fling.motion;
  damaged.kind = 9;
  e = CHECK_THROWS(layout.retarget_motion(sl::main_scroll, damaged, 0), sl::Status::invalid_argument);
  if (e) CHECK(e->path() == "in_flight.kind", "path %s", e->path().c_str());
  const sl::Result<sl::Motion> late = layout.try_retarget_motion(sl::main_scroll, fling.motion, 1.0 / 0.0);
  CHECK(!late && late.status() == sl::Status::invalid_argument, "an infinite time is refused");
  CHECK_THROWS(layout.retarget_motion(5, fling.motion, 0), sl::Status::range);
  CHECK(!layout.scroll_target(sl::main_scroll), "nothing failed half-way");

  // An empty layout fails like NULL in C.
  sl::Layout empty;
  CHECK(empty.try_set_scroll_target(sl::main_scroll, 0).status() == sl::Status::invalid_argument, "empty");
  CHECK(empty.try_scroll_target(sl::main_scroll).status() == sl::Status::invalid_argument, "empty");
  CHECK(empty.try_retarget_motion(sl::main_scroll, fling.motion, 0).status() == sl::Status::invalid_argument,
        "empty");
}

// --- 9. items longer than the viewport ---------------------------------------------------------

namespace {

// Tests/c/test_long_items.c's rows: 5 of 100, one of 1000 (at 500 ... 1500), 5 of 100; a 390 x 400
// viewport, snapping by item at the start. Rest positions: 0, 100, ..., 400, 500 (the tall row,
// covering 500 ... 1100), 1500, 1600 (the end bound).
constexpr std::string_view long_rows = R"({"version": 1,
  "environment": {"container": {"width": 390, "height": 400}},
  "configuration": {"scrolling": {"snapUnit": "item"}},
  "sections": [{"itemCount": 5, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}},
    {"itemCount": 1, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 1000}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}},
    {"itemCount": 5, "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})";

}  // namespace

SL_TEST(long_items_snap_range) {
  sl::Layout layout{long_rows};
  const std::vector<double> offsets = layout.snap_offsets(sl::main_scroll);
  CHECK(offsets.size() == 8, "8 rest positions (got %zu)", offsets.size());
  const sl::SnapRange tall = layout.snap_range(sl::main_scroll, 5);
  CHECK(tall.low == 500 && tall.high == 1100, "the tall row covers %g ... %g", tall.low, tall.high);
  const sl::SnapRange viewed = layout.view().snap_range(sl::main_scroll, 5);
  CHECK(viewed.low == tall.low && viewed.high == tall.high, "read through a view too");
  for (std::int64_t index : {0, 4, 6, 7}) {
    const sl::SnapRange r = layout.snap_range(sl::main_scroll, index);
    const double at = offsets[static_cast<std::size_t>(index)];
    CHECK(r.low == at && r.high == at, "position %lld covers its offset (%g ... %g)",
          static_cast<long long>(index), r.low, r.high);
  }

  // A slow release inside rests where it stops; a fling stops at the far edge, and moves on
  // only from there.
  sl::SnapResult r = layout.resolve_scroll(sl::main_scroll, {600, 650, 0, {}});
  CHECK(r.target_offset == 650 && r.snap_index == 5, "rests at %g (%lld)", r.target_offset,
        static_cast<long long>(r.snap_index));
  r = layout.resolve_scroll(sl::main_scroll, {700, 720, 8000, {}});
  CHECK(r.target_offset == tall.high && r.snap_index == 5, "the fling stops at %g", r.target_offset);
  r = layout.resolve_scroll(sl::main_scroll, {tall.high, tall.high, 8000, {}});
  CHECK(r.target_offset >= 1500, "on from the far edge: %g", r.target_offset);

  // Wheel notches step inside it (a free container's notch, 400^(2/3)), then go on.
  layout.set_scroll_offset(sl::main_scroll, tall.low);
  const double step = std::pow(400.0, 2.0 / 3.0);
  double expected = tall.low;
  bool left = false;
  for (int notch = 0; notch < 30 && !left; notch++) {
    const sl::ScrollInputResult in =
        layout.scroll_input(sl::main_scroll, sl::ScrollInput::wheel(1, 0.1 * notch));
    CHECK(in.has_motion == 1, "notch %d moves", notch);
    const double target = in.result.motion.target_offset;
    if (expected >= tall.high - 1) {
      CHECK_NEAR(target, 1500, 0);
      left = true;
    } else {
      expected = std::min(expected + step, tall.high);
      CHECK_NEAR(target, expected, 1e-9 * expected);
      CHECK(in.result.snap_index == 5, "notch %d inside the tall row", notch);
      layout.set_scroll_offset(sl::main_scroll, target);
    }
  }
  CHECK(left, "the wheel went on to the next row");
}

SL_TEST(long_items_bad_arguments) {
  sl::Layout layout{long_rows};
  for (std::int64_t index : {std::int64_t{8}, std::int64_t{-1}, std::int64_t{INT64_MAX}}) {
    auto e = CHECK_THROWS(layout.snap_range(sl::main_scroll, index), sl::Status::range);
    if (e) CHECK(e->path() == "index", "path %s", e->path().c_str());
  }
  auto e = CHECK_THROWS(layout.snap_range(7, 0), sl::Status::range);
  if (e) CHECK(e->path() == "container", "path %s", e->path().c_str());
  const sl::Result<sl::SnapRange> orthogonal = layout.try_snap_range(0, 0);
  CHECK(!orthogonal && orthogonal.status() == sl::Status::invalid_argument, "not orthogonal");
  CHECK(layout.try_snap_range(sl::main_scroll, 5).value().high == 1100, "try_ twin");
  std::string no_size{long_rows};
  const std::string environment = R"("environment": {"container": {"width": 390, "height": 400}},)";
  no_size.erase(no_size.find(environment), environment.size());
  sl::Layout unsolved{no_size};
  CHECK(unsolved.try_snap_range(sl::main_scroll, 0).status() == sl::Status::state, "no size yet");
  sl::Layout empty;
  CHECK(empty.try_snap_range(sl::main_scroll, 0).status() == sl::Status::invalid_argument, "empty");
}

int main(int, char **argv) { return check::run_all(argv[0]); }
