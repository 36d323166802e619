/* The window: where it opens and at what size (inside the display's usable area, where the
 * player left it), the layout's scale for its output, the pointer mapped to it, and desktop
 * fullscreen, with or without a window manager. */
#define _POSIX_C_SOURCE 200809L /* access */
#include <SDL.h>
#include <unistd.h>

#include "core/errline.h"
#include "ui/app_internal.h"
#include "ui/layout.h"
#include "ui/window.h"

enum { WINDOW_W = 1280, WINDOW_H = 720 };

void app_relayout(App *app)
{
    int out_w, out_h;
    if (SDL_GetRendererOutputSize(app->renderer, &out_w, &out_h) != 0)
        SDL_GetWindowSize(app->window, &out_w, &out_h);
    app->out_w = out_w > 0 ? out_w : 1;
    app->out_h = out_h > 0 ? out_h : 1;
    /* Everything is drawn at the output's own pixels: the panels at a quarter-step scale
     * (SDL_RenderSetScale), the text from the glyph cache of that scale, the map at tile sizes
     * the atlas has sheets for, so every copy is 1:1 and sharp at any window size. */
    app->scale = layout_scale(app->out_w, app->out_h);
    app->width = layout_logical(app->out_w, app->scale);
    app->height = layout_logical(app->out_h, app->scale);
    app->view.out_w = app->out_w;
    app->view.out_h = app->out_h;
    app->dirty = true;
}

/* The window as the player left it, and its display, when its corner is still on one; else
 * 1280x720 centred on the first display. */
static SDL_Rect remembered_place(const Options *o, int *display)
{
    *display = 0;
    SDL_Point corner = {o->window_x, o->window_y};
    for (int d = 0; o->window_w > 0 && o->window_h > 0 && d < SDL_GetNumVideoDisplays(); d++) {
        SDL_Rect b;
        if (SDL_GetDisplayBounds(d, &b) == 0 && SDL_PointInRect(&corner, &b)) {
            *display = d;
            return (SDL_Rect){o->window_x, o->window_y, o->window_w, o->window_h};
        }
    }
    return (SDL_Rect){SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, WINDOW_W, WINDOW_H};
}

/* No larger than the display's usable area, and a placed window moved back inside it. */
static void fit_usable(SDL_Rect *place, int display)
{
    SDL_Rect usable;
    if (SDL_GetDisplayUsableBounds(display, &usable) != 0 || usable.w <= 0 || usable.h <= 0)
        return;
    if (place->w > usable.w)
        place->w = usable.w;
    if (place->h > usable.h)
        place->h = usable.h;
    if (place->x == (int)SDL_WINDOWPOS_CENTERED)
        return;
    if (place->x + place->w > usable.x + usable.w)
        place->x = usable.x + usable.w - place->w;
    if (place->y + place->h > usable.y + usable.h)
        place->y = usable.y + usable.h - place->h;
}

/* Where the window opens: where it was left if that is still on a display, else 1280x720
 * centred; never larger than the display's usable area (an 800x600 screen gets a window that
 * fits, title bar included). */
static SDL_Rect window_place(const Options *o)
{
    int display;
    SDL_Rect place = remembered_place(o, &display);
    fit_usable(&place, display);
    if (place.w < LAYOUT_MIN_W)
        place.w = LAYOUT_MIN_W;
    if (place.h < LAYOUT_MIN_H)
        place.h = LAYOUT_MIN_H;
    return place;
}

/* With a window manager the title bar and borders count too: a window that would then reach
 * past the usable area is made smaller (once, at start). Without one there are none. */
static void fit_decorations(SDL_Window *window)
{
    int top = 0, left = 0, bottom = 0, right = 0, w, h;
    SDL_Rect usable;
    if (SDL_GetWindowFlags(window) & (SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_MAXIMIZED))
        return;
    if (SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) != 0 ||
        SDL_GetDisplayUsableBounds(SDL_GetWindowDisplayIndex(window), &usable) != 0)
        return;
    SDL_GetWindowSize(window, &w, &h);
    int fit_w = usable.w - left - right, fit_h = usable.h - top - bottom;
    if ((w > fit_w || h > fit_h) && fit_w >= LAYOUT_MIN_W && fit_h >= LAYOUT_MIN_H) {
        SDL_SetWindowSize(window, w < fit_w ? w : fit_w, h < fit_h ? h : fit_h);
        SDL_SetWindowPosition(window,
                              SDL_WINDOWPOS_CENTERED_DISPLAY(SDL_GetWindowDisplayIndex(window)),
                              SDL_WINDOWPOS_CENTERED_DISPLAY(SDL_GetWindowDisplayIndex(window)));
    }
}

/* The window as the player leaves it, kept in the options (not while fullscreen or
 * maximised: those are flags of their own). */
void app_note_window(App *app)
{
    Uint32 f = SDL_GetWindowFlags(app->window);
    app->options.window_maximized = (f & SDL_WINDOW_MAXIMIZED) != 0;
    if ((f & (SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_MAXIMIZED | SDL_WINDOW_MINIMIZED)) ||
        app->bare_fullscreen)
        return;
    SDL_GetWindowPosition(app->window, &app->options.window_x, &app->options.window_y);
    SDL_GetWindowSize(app->window, &app->options.window_w, &app->options.window_h);
}

static bool is_fullscreen(const App *app)
{
    return app->bare_fullscreen ||
           (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
}

/* Desktop fullscreen asks the window manager, and with none (a bare X server, a kiosk)
 * nothing happens, while SDL reports the window as fullscreen all the same. An X window
 * manager tells the frame it puts around a window; a window with a border and no frame has no
 * window manager, and covers the display by itself: no border, the display's size. */
static bool without_window_manager(SDL_Window *window)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    int top = 0, left = 0, bottom = 0, right = 0;
    return driver && SDL_strcmp(driver, "x11") == 0 &&
           !(SDL_GetWindowFlags(window) & SDL_WINDOW_BORDERLESS) &&
           SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0 && top == 0 &&
           left == 0 && bottom == 0 && right == 0;
}

void app_set_fullscreen(App *app, bool full)
{
    if (is_fullscreen(app) == full)
        return;
    if (full) {
        app_note_window(app); /* where to come back to */
        SDL_Rect b;
        int display = SDL_GetWindowDisplayIndex(app->window);
        if (without_window_manager(app->window) &&
            SDL_GetDisplayBounds(display < 0 ? 0 : display, &b) == 0) {
            SDL_SetWindowBordered(app->window, SDL_FALSE);
            SDL_SetWindowPosition(app->window, b.x, b.y);
            SDL_SetWindowSize(app->window, b.w, b.h);
            app->bare_fullscreen = true;
        } else {
            /* Desktop fullscreen: no mode change, so alt-tab away and back just works. */
            SDL_SetWindowFullscreen(app->window, SDL_WINDOW_FULLSCREEN_DESKTOP);
        }
    } else if (app->bare_fullscreen) {
        app->bare_fullscreen = false;
        SDL_SetWindowBordered(app->window, SDL_TRUE);
        SDL_SetWindowSize(app->window, app->options.window_w > 0 ? app->options.window_w : WINDOW_W,
                          app->options.window_h > 0 ? app->options.window_h : WINDOW_H);
        if (app->options.window_w > 0)
            SDL_SetWindowPosition(app->window, app->options.window_x, app->options.window_y);
        else
            SDL_SetWindowPosition(app->window, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
    } else {
        SDL_SetWindowFullscreen(app->window, 0);
    }
    app_relayout(app);
}

void app_toggle_fullscreen(App *app)
{
    app->options.fullscreen = !is_fullscreen(app);
    app_set_fullscreen(app, app->options.fullscreen);
    app_save_options(app);
}

/* Window points to logical pixels: HiDPI output is larger than the window, and the view is
 * scaled up by the interface scale. */
void app_pointer_to_logical(App *app, int wx, int wy)
{
    int win_w, win_h, out_w, out_h;
    SDL_GetWindowSize(app->window, &win_w, &win_h);
    if (SDL_GetRendererOutputSize(app->renderer, &out_w, &out_h) != 0 || win_w <= 0 || win_h <= 0) {
        out_w = win_w;
        out_h = win_h;
    }
    app->pointer_x = (int)((long)wx * out_w / (win_w > 0 ? win_w : 1));
    app->pointer_y = (int)((long)wy * out_h / (win_h > 0 ? win_h : 1));
    app->mouse_x = layout_logical(app->pointer_x, app->scale);
    app->mouse_y = layout_logical(app->pointer_y, app->scale);
}

void app_pointer_rest(App *app)
{
    if (app->mouse_x >= 0 || app->mouse_y >= 0)
        app->dirty = true;
    app->mouse_x = app->mouse_y = -1;
}

bool window_gl_is_software(const char *gl_renderer)
{
    static const char *const software[] = {"llvmpipe", "softpipe", "swrast", "Software Rasterizer"};
    for (size_t i = 0; gl_renderer && i < sizeof software / sizeof *software; i++)
        if (SDL_strstr(gl_renderer, software[i]))
            return true;
    return false;
}

/* The GL_RENDERER string of an OpenGL renderer's context, or NULL (another kind of renderer,
 * or no glGetString). */
static const char *gl_renderer_name(SDL_Renderer *renderer)
{
    enum { GL_RENDERER_NAME = 0x1F01 }; /* GL_RENDERER, without including GL headers */
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(renderer, &info) != 0 || !info.name ||
        SDL_strncmp(info.name, "opengl", 6) != 0)
        return NULL;
    typedef const unsigned char *(*GetString)(unsigned int);
    void *address = SDL_GL_GetProcAddress("glGetString");
    GetString get_string;
    SDL_memcpy(&get_string, &address, sizeof get_string); /* POSIX: a function's address */
    return get_string ? (const char *)get_string(GL_RENDERER_NAME) : NULL;
}

bool window_no_gpu_device(void)
{
#ifdef __linux__
    static const char *const devices[] = {"/dev/dri", "/dev/nvidiactl", "/dev/nvidia0"};
    for (size_t i = 0; i < sizeof devices / sizeof *devices; i++)
        if (access(devices[i], F_OK) == 0)
            return false;
    return true;
#else
    return false;
#endif
}

/* SDL's software renderer into the window's own pixels. */
static SDL_Renderer *software_renderer(SDL_Window *window)
{
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
}

SDL_Renderer *window_make_renderer(SDL_Window *window)
{
    const char *asked = SDL_getenv("SDL_RENDER_DRIVER");
    bool choose = !(asked && *asked);
    /* No GPU at all: OpenGL could only be Mesa on the CPU, and asking it which would load
     * some 75 MB of it (LLVM) that stay loaded. */
    SDL_Renderer *renderer = choose && window_no_gpu_device() ? software_renderer(window) : NULL;
    if (!renderer)
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED);
    if (renderer && choose && window_gl_is_software(gl_renderer_name(renderer))) {
        /* Mesa on the CPU: SDL's own software renderer straight into the window's pixels (an
         * X shared-memory image) costs about what an off-screen frame does, where the OpenGL
         * path costs 10-18 times as much. */
        SDL_DestroyRenderer(renderer);
        renderer = software_renderer(window);
    }
    if (!renderer)
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    return renderer;
}

#define NO_DISPLAY "no display found (is DISPLAY or WAYLAND_DISPLAY set?)"

static bool env_set(const char *name)
{
    const char *value = SDL_getenv(name);
    return value && *value;
}

/* Whether there may be a display to open: X11 or Wayland named in the environment, or a video
 * driver asked for by name (SDL_VIDEODRIVER: the tests' offscreen, or kmsdrm on a console).
 * Asked before SDL_Init, which without a display prints its own warnings (XDG_RUNTIME_DIR)
 * on stderr: the game's one line then comes first and alone. */
static bool display_named(void)
{
#if defined(__unix__) && !defined(__ANDROID__)
    return env_set("DISPLAY") || env_set("WAYLAND_DISPLAY") || env_set("SDL_VIDEODRIVER");
#else
    return true; /* Windows, macOS: SDL finds the display itself */
#endif
}

bool app_open_window(App *app)
{
    /* A fullscreen game that loses focus (alt-tab) stays as it is instead of minimising. */
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
    if (!display_named()) {
        errline_say(stderr, NO_DISPLAY);
        return false;
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        errline_say(stderr, "cannot open a display: %s", SDL_GetError());
        return false;
    }
    /* With no display SDL falls back to drivers that draw nowhere; a player would see nothing
     * and a game that never ends. Allow them only when asked for by name. */
    const char *driver = SDL_GetCurrentVideoDriver();
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver && (SDL_strcmp(driver, "offscreen") == 0 || SDL_strcmp(driver, "dummy") == 0) &&
        !(asked && SDL_strcmp(asked, driver) == 0)) {
        errline_say(stderr, NO_DISPLAY);
        return false;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest");
    SDL_Rect place = window_place(&app->options);
    /* Opened as a window even for a fullscreen game: app_set_fullscreen (through
     * app_apply_options) then goes fullscreen the one way that also works without a window
     * manager. Created fullscreen, SDL would call it fullscreen when no window manager made it
     * so, and the game would draw for the display into a window of the old size. */
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                   (app->options.window_maximized ? SDL_WINDOW_MAXIMIZED : 0);
    app->window = SDL_CreateWindow("Mouse King", place.x, place.y, place.w, place.h, flags);
    if (!app->window) {
        errline_say(stderr, "cannot open a window: %s", SDL_GetError());
        return false;
    }
    SDL_SetWindowMinimumSize(app->window, LAYOUT_MIN_W, LAYOUT_MIN_H);
    fit_decorations(app->window);
    app->renderer = window_make_renderer(app->window);
    if (!app->renderer) {
        errline_say(stderr, "cannot create a renderer: %s", SDL_GetError());
        return false;
    }
    return true;
}
