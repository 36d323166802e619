/* The paths moved to core/ (no SDL); this name stays for the files that still include it. */
#ifndef MK_PATHS_H
#define MK_PATHS_H

#include "core/paths.h"

#endif
