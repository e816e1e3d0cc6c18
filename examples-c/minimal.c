/* The smallest SnapLayout program: a 3-column grid of 100 items on a 390-pt-wide screen. */
#include <stdio.h>
#include <string.h>

#include "snaplayout.h"

int main(void) {
  const char *config =
      "{\"sections\": [{\"itemCount\": 100, \"group\": {\"group\": \"horizontal\","
      " \"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      "                  \"heightDimension\": {\"absolute\": 130}},"
      " \"subitem\": {\"layoutSize\": {\"widthDimension\": {\"fractionalWidth\": 1},"
      "                               \"heightDimension\": {\"fractionalHeight\": 1}}},"
      " \"count\": 3}}]}";
  sl_layout *layout = NULL;
  sl_rect frame;
  if (sl_layout_create(config, strlen(config), &layout) != SL_OK ||
      sl_layout_set_container_size(layout, 390, 844) != SL_OK ||
      sl_layout_get_item_frame(layout, 0, 42, &frame) != SL_OK) {
    fprintf(stderr, "error: %s\n", sl_error_last()->message);
    sl_layout_destroy(layout);
    return 1;
  }
  printf("item 42: x=%g y=%g width=%g height=%g\n", frame.x, frame.y, frame.width, frame.height);
  sl_layout_destroy(layout);
  return 0;
}
