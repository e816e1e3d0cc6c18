/* json-c, as the Config module sees it. */
#include <json-c/json.h>
