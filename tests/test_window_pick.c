/* docs/RULES.md R-FRAME-1: the window's renderer. OpenGL on a rasteriser that runs on the CPU
 * is recognised by its GL_RENDERER string, and then SDL's software renderer is used instead;
 * SDL_RENDER_DRIVER, when set, is obeyed. The renderer checks need a display (Xvfb: its GLX is
 * Mesa's software rasteriser) and are skipped without one. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "test_support.h"

#include <SDL.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/window.h"

static void test_software_names(void **state)
{
    (void)state;
    assert_true(window_gl_is_software("llvmpipe (LLVM 15.0.6, 256 bits)"));
    assert_true(window_gl_is_software("softpipe"));
    assert_true(window_gl_is_software("Mesa DRI swrast"));
    assert_true(window_gl_is_software("Software Rasterizer"));
    assert_false(window_gl_is_software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    assert_false(window_gl_is_software("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    assert_false(window_gl_is_software(NULL));
}

/* The name of the renderer window_make_renderer picks, with SDL_RENDER_DRIVER as given (NULL:
 * unset); false when no window can be opened. */
static bool picked(const char *driver, char *name, size_t size)
{
    if (driver)
        setenv("SDL_RENDER_DRIVER", driver, 1);
    else
        unsetenv("SDL_RENDER_DRIVER");
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return false;
    const char *video = SDL_GetCurrentVideoDriver();
    SDL_Window *w = video && strcmp(video, "x11") == 0
                        ? SDL_CreateWindow("Mouse King test", 0, 0, 640, 480, SDL_WINDOW_HIDDEN)
                        : NULL;
    SDL_Renderer *r = w ? window_make_renderer(w) : NULL;
    SDL_RendererInfo info;
    bool ok = r && SDL_GetRendererInfo(r, &info) == 0;
    if (ok)
        snprintf(name, size, "%s", info.name);
    if (r)
        SDL_DestroyRenderer(r);
    if (w)
        SDL_DestroyWindow(w);
    SDL_Quit();
    return ok;
}

/* Whether a library of OpenGL's (Mesa's driver, LLVM, libGL) is mapped into this process. */
static bool gl_loaded(void)
{
    static const char *const libs[] = {"libGL", "_dri.so", "libgallium", "libLLVM"};
    FILE *f = fopen("/proc/self/maps", "r");
    char line[1024];
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f))
        for (size_t i = 0; i < sizeof libs / sizeof *libs; i++)
            found = found || strstr(line, libs[i]) != NULL;
    if (f)
        fclose(f);
    return found;
}

static void test_pick_under_xvfb(void **state)
{
    (void)state;
    char name[64];
    const char *display = getenv("DISPLAY");
    if (!display || !*display || !picked(NULL, name, sizeof name))
        skip();
    assert_string_equal(name, "software");
    /* Without a GPU the software renderer is taken without loading OpenGL at all. */
    bool gpu = access("/dev/dri", F_OK) == 0 || access("/dev/nvidiactl", F_OK) == 0 ||
               access("/dev/nvidia0", F_OK) == 0;
    assert_int_equal(window_no_gpu_device(), !gpu);
    if (!gpu)
        assert_false(gl_loaded());
    assert_true(picked("opengl", name, sizeof name)); /* asked for by name: obeyed */
    assert_string_equal(name, "opengl");
    assert_true(picked(NULL, name, sizeof name));
    assert_string_equal(name, "software");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_software_names),
        cmocka_unit_test(test_pick_under_xvfb),
    };
    return RUN_TESTS(tests);
}
