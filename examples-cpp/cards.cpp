// cards — the card carousel of docs/SNAPPING.md through the C++ interface (docs/CPP.md).
//
//   build/cpp/cards      prints the cards on screen, a fling and its motion, three key presses
//
// Ten 320 x 744 cards, 7 pt apart, on a 390 x 844 screen that scrolls horizontally, with a
// contentInset of 34 so that a centred card's neighbours peek in; card k rests at k * 327 - 34.
// Built and run by `make test-cpp`, which compares its output with examples-cpp/cards.expected.
#include <cstdio>
#include <exception>
#include <optional>

#include "snaplayout.hpp"

namespace sl = snaplayout;

static const char *const config = R"({"version": 1,
  "configuration": {"scrollDirection": "horizontal",
    "scrolling": {"snapUnit": "item", "contentInset": {"leading": 34, "trailing": 34},
                  "decelerationRate": "fast", "maxPagesPerGesture": 1}},
  "sections": [{"itemCount": 10, "interGroupSpacing": 7,
    "visibleItemEffects": {"scale": {"center": 1, "edge": 0.9}},
    "group": {"group": "horizontal",
      "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
      "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                                   "heightDimension": {"fractionalHeight": 1}}}]}}]})";

// The cards a 390-pt viewport at `offset` shows, with their scale.
static void print_cards(const sl::Layout &layout, double offset) {
  std::printf("offset %7.2f:", offset);
  for (const sl::Element &card : layout.elements_in({offset, 0, 390, 844}))
    std::printf("  card %lld at x %.2f (scale %.3f)", static_cast<long long>(card.item),
                card.frame.x - offset, card.transform.a);
  std::printf("\n");
}

int main() try {
  sl::check_version();  // the library is the one this header describes
  sl::Layout layout(config);
  layout.set_container_size(390, 844);

  const sl::ScrollInfo info = layout.scroll_info(sl::main_scroll);
  std::printf("%lld rest positions, offsets %.0f to %.0f\n", static_cast<long long>(info.snap_count),
              info.min_offset, info.max_offset);
  print_cards(layout, info.offset);

  // A gentle fling from card 0: where it rests, and its motion sampled each 0.1 s.
  const sl::SnapResult fling =
      layout.resolve_scroll(sl::main_scroll, sl::ScrollRelease{-34, 0, 1000, std::nullopt});
  std::printf("fling -34 -> 0 at 1000 pt/s: card %lld at %.0f in %.2f s\n",
              static_cast<long long>(fling.snap_index), fling.target_offset, fling.motion.duration);
  for (double t = 0;; t += 0.1) {
    const sl::MotionState state = sl::sample(fling.motion, t);
    layout.set_scroll_offset(sl::main_scroll, state.offset);
    if (state.settled) break;
  }
  print_cards(layout, layout.scroll_offset(sl::main_scroll));

  // Three quick presses of "next", each passing the motion still in flight.
  std::optional<sl::InFlight> running;
  sl::SnapResult step{};
  for (int press = 0; press < 3; press++) {
    step = layout.navigate(sl::main_scroll, sl::Navigate::next, 1, running);
    running = sl::InFlight{step.motion, 0.05};  // the next press comes 0.05 s later
  }
  std::printf("three presses of next: card %lld at %.0f\n", static_cast<long long>(step.snap_index),
              step.target_offset);
  layout.jump_to_snap(sl::main_scroll, step.snap_index);
  print_cards(layout, layout.scroll_offset(sl::main_scroll));

  // Errors are exceptions with the library's sentence and JSON Pointer.
  try {
    (void)layout.item_frame(0, 10);
  } catch (const sl::Error &e) {
    std::printf("item_frame(0, 10): %s [path %s]\n", e.message().c_str(), e.path().c_str());
  }
  // ... or values, from the try_ functions.
  const sl::Result<sl::Layout> bad = sl::Layout::try_create(R"({"version": 1, "sections": [{"itemcount": 1}]})");
  if (!bad) std::printf("try_create: %s\n", bad.error().describe().c_str());
  return 0;
} catch (const std::exception &e) {
  std::fprintf(stderr, "cards: %s\n", e.what());
  return 1;
}
