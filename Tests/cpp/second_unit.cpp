// second_unit.cpp — a second translation unit of the C++ test (Tests/cpp/test_snaplayout.cpp):
//
// - linked with the first, it shows the header is header-only: no symbol defined twice (the
//   inline functions, the extern "C" trampoline, the thread_local of pending exceptions);
// - compiled with strict warnings (-Wconversion, -Wsign-conversion, -Wshadow, -Wold-style-cast,
//   ..., mk/cpp.mk) after instantiating every template of the header, so that users who turn
//   them on get no warning from snaplayout.hpp;
// - a query here rethrows what a handler set in the other unit threw: the pending exception
//   is one per thread for the whole program.
#include "snaplayout.hpp"

#include <vector>

template class snaplayout::detail::Queries<snaplayout::LayoutView>;
template class snaplayout::detail::Queries<snaplayout::Layout>;
template class snaplayout::Result<snaplayout::Layout>;
template class snaplayout::Result<snaplayout::Rect>;
template class snaplayout::Result<std::vector<snaplayout::Element>>;
template class snaplayout::Result<std::optional<snaplayout::Size>>;
template class snaplayout::Result<std::optional<double>>;
template class snaplayout::Result<snaplayout::Motion>;
template class snaplayout::Result<snaplayout::SnapRange>;
template class snaplayout::Result<std::string>;
template class snaplayout::Span<snaplayout::Element>;
template class snaplayout::Span<const snaplayout::Size>;

// The number of elements in a rect, through a LayoutView.
std::size_t second_unit_count(snaplayout::LayoutView view, const snaplayout::Rect &rect) {
  std::vector<snaplayout::Element> elements;
  view.elements_in(rect, elements);
  return elements.size();
}

// Sets a handler of each form on a section, and the rest of Layout's templates.
void second_unit_handlers(snaplayout::Layout &layout, int *calls) {
  layout.set_visible_items_handler(0, [calls](snaplayout::VisibleItems &items) {
    *calls += static_cast<int>(items.elements.size());
  });
  (void)layout.try_set_visible_items_handler(
      0, [calls](const snaplayout::VisibleItemsContext &, snaplayout::Span<snaplayout::Element> e) {
        *calls += static_cast<int>(e.size());
      });
  const std::vector<snaplayout::Size> none;
  (void)layout.try_set_item_sizes(0, 0, none);
  (void)layout.try_report_item_sizes(0, 0, none);
}
