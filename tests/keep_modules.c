/* Test helper for sanitizer builds, preloaded into the game by window_smoke: shared libraries
 * stay loaded at exit, so LeakSanitizer can see that what a video or audio driver allocated is
 * still referenced by that driver, instead of reporting it as lost from an unknown module.
 * Leaks in the game's own code are still reported. */
int dlclose(void *handle);

int dlclose(void *handle)
{
    (void)handle;
    return 0;
}
