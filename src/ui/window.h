/* The renderer a window draws with. */
#ifndef MK_WINDOW_H
#define MK_WINDOW_H

#include <SDL.h>
#include <stdbool.h>

/* True when an OpenGL GL_RENDERER string names a rasteriser that runs on the CPU (Mesa's
 * llvmpipe, softpipe and swrast, "Software Rasterizer"): SDL's OpenGL path then costs many
 * times what its own software renderer does (docs/RULES.md R-FRAME-1). */
bool window_gl_is_software(const char *gl_renderer);

/* True when the machine shows no GPU device (Linux: no /dev/dri, /dev/nvidiactl or
 * /dev/nvidia0); false elsewhere. */
bool window_no_gpu_device(void);

/* SDL's default renderer for the window, unless it is OpenGL on a software rasteriser: then
 * SDL's software renderer, drawing into the window's own framebuffer (framebuffer
 * acceleration off). Without a GPU device (window_no_gpu_device) the software renderer is
 * taken without asking OpenGL. The SDL_RENDER_DRIVER environment variable, when set, is obeyed
 * as it is. NULL with SDL_GetError() set when no renderer can be made. */
SDL_Renderer *window_make_renderer(SDL_Window *window);

#endif
