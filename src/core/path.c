/* The path finder's storage; the searches are in path_astar.c and path_dijkstra.c. */
#include "core/path.h"

#include <stdlib.h>
#include <string.h>

bool path_finder_init(PathFinder *pf, int width, int height)
{
    memset(pf, 0, sizeof *pf);
    pf->width = width;
    pf->height = height;
    pf->stride = width + 2;
    size_t n = (size_t)(width + 2) * (size_t)(height + 2);
    pf->nodes = calloc(n, sizeof *pf->nodes);
    pf->cost = malloc(n * sizeof *pf->cost);
    pf->grid = malloc(n * sizeof *pf->grid);
    pf->where = malloc(n * sizeof *pf->where);
    pf->dist = malloc(n * sizeof *pf->dist);
    pf->diag = malloc(n);
    /* Every queue entry is a strict improvement of one cell, found from one of its eight
     * neighbours, or a goal: 9 entries per cell always suffice. */
    pf->entry_cap = (int)(9 * n);
    pf->entries = malloc(2 * n * 9 * sizeof *pf->entries);
    pf->asked = malloc(n * sizeof *pf->asked);
    pf->marks = malloc(n * sizeof *pf->marks);
    /* Two queues for maps of uniform cost, each taking at most four offers per cell and the
     * goals, and a word more: every offer is written at its queue's tail before it is known
     * whether it is kept. */
    pf->fifo_cap = (int)(5 * n + 1);
    pf->fifo = malloc(2 * (size_t)pf->fifo_cap * sizeof *pf->fifo);
    pf->wall_words = (width + 63) / 64;
    pf->wall_bits = malloc(((size_t)pf->wall_words * (size_t)height + 1) * sizeof *pf->wall_bits);
    pf->side = malloc(n * sizeof *pf->side); /* each cell goes on it once at most */
    if (!pf->fifo || !pf->wall_bits || !pf->side || !pf->nodes || !pf->cost || !pf->grid ||
        !pf->where || !pf->dist || !pf->diag || !pf->entries || !pf->asked || !pf->marks) {
        path_finder_free(pf);
        return false;
    }
    for (int y = 0; y < height + 2; y++)
        for (int x = 0; x < width + 2; x++) {
            PathNode *node = &pf->nodes[y * pf->stride + x];
            node->x = (int16_t)(x - 1);
            node->y = (int16_t)(y - 1);
            node->border = x == 0 || y == 0 || x == width + 1 || y == height + 1;
            pf->where[y * pf->stride + x] = (PathCell){node->x, node->y};
            pf->grid[y * pf->stride + x] = PATH_BLOCKED; /* the border stays so */
        }
    return true;
}

void path_finder_free(PathFinder *pf)
{
    free(pf->nodes);
    free(pf->cost);
    free(pf->grid);
    free(pf->where);
    free(pf->dist);
    free(pf->diag);
    free(pf->entries);
    free(pf->asked);
    free(pf->marks);
    free(pf->fifo);
    free(pf->wall_bits);
    free(pf->side);
    memset(pf, 0, sizeof *pf);
}
