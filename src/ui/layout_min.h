/* The smallest logical view the screens are laid out for, apart from ui/layout.h and without
 * SDL, so that the command line checks `shot --size` against it in any build. */
#ifndef MK_LAYOUT_MIN_H
#define MK_LAYOUT_MIN_H

/* The interface scale is the largest of TEXT_LEVEL_QUARTERS (1, 1.25, 1.5 ... 6: steps of at
 * most 25%) that keeps the view at least this big, so text and panels grow with the window
 * without a dead band. */
enum { LAYOUT_MIN_W = 600, LAYOUT_MIN_H = 340 };

#endif
