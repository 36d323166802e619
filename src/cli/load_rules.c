#include "cli/load_rules.h"

#include "core/errline.h"
#include "core/paths.h"

bool cli_load_rules(Rules *rules, const char *who, FILE *diag)
{
    char assets[1024], path[1100], err[1600];
    bool ok = paths_find_assets(assets, sizeof assets, err, sizeof err);
    if (ok) {
        snprintf(path, sizeof path, "%s/data/rules.json", assets);
        ok = rules_load(rules, path, err, sizeof err);
    }
    if (!ok && who)
        errline_say(diag, "%s: %s", who, err);
    else if (!ok)
        errline_say(diag, "%s", err);
    return ok;
}
