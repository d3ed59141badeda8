/* explore_mpi.c — the MPI ranks of `mpirun ordo explore --mpi` as the
 * workers of one shared search (explore.h, ex_transport; explore_mpi.h):
 * MPI_COMM_WORLD's ranks, exchanging with MPI_Alltoallv. Linked into the
 * ordo tool alone (the engines' library keeps it apart: nothing else
 * calls it), with Open MPI's headers and library.
 *
 * MPI counts are ints: an exchange larger than that goes in rounds of at
 * most 256 MB from each rank to each, as many as the largest needs.
 */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore_mpi.h"

#define ROUND ((uint64_t)256 << 20)

/* Offsets and counts of one round, from what is left of each buffer. */
static void round_counts(const uint64_t *left, int size, int *count, int *disp)
{
    int at = 0;
    for (int k = 0; k < size; k++) {
        count[k] = (int)(left[k] < ROUND ? left[k] : ROUND);
        disp[k] = at;
        at += count[k];
    }
}

/* A rank that cannot hold an exchange's counts or its round buffers cannot
 * take part in the collective the others are already in: the whole run
 * stops (exit status 2, trouble) rather than wait for ever or crash. */
static void give_up_unless(int ok, const ex_transport *t, const char *what)
{
    if (ok)
        return;
    fprintf(stderr, "ordo explore --mpi: rank %d of %d: out of memory for %s; the run stops\n",
            t->rank, t->size, what);
    MPI_Abort(MPI_COMM_WORLD, 2);
}

static int mpi_exchange(ex_transport *t, unsigned char *const *out, const size_t *nout,
                        unsigned char **in, size_t *at)
{
    int n = t->size;
    /* sent, got, sleft, rleft (uint64_t), then sc, sd, rc, rd (int) */
    uint64_t *sent = calloc((size_t)n, 4 * sizeof(uint64_t) + 4 * sizeof(int));
    give_up_unless(sent != NULL, t, "an exchange's counts");
    uint64_t *got = sent + n, *sleft = got + n, *rleft = sleft + n;
    int *sc = (int *)(rleft + n), *sd = sc + n, *rc = sd + n, *rd = rc + n;
    for (int k = 0; k < n; k++)
        sleft[k] = nout[k];
    MPI_Alltoall(sleft, 1, MPI_UINT64_T, rleft, 1, MPI_UINT64_T, MPI_COMM_WORLD);
    at[0] = 0;
    uint64_t most = 0, rounds, sbytes = 0, rbytes = 0;
    for (int k = 0; k < n; k++) {
        at[k + 1] = at[k] + rleft[k];
        most = sleft[k] > most ? sleft[k] : most;
        most = rleft[k] > most ? rleft[k] : most;
        sbytes += sleft[k] < ROUND ? sleft[k] : ROUND;
        rbytes += rleft[k] < ROUND ? rleft[k] : ROUND;
    }
    unsigned char *sb = malloc(sbytes + 1), *rb = malloc(rbytes + 1);
    give_up_unless(sb && rb, t, "an exchange's round buffers");
    uint64_t mine = (most + ROUND - 1) / ROUND;
    MPI_Allreduce(&mine, &rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    /* what is received may not fit: the rounds still run, the bytes are
     * dropped and the caller is told (the search ends bounded by memory) */
    *in = malloc(at[n] + 1);
    int ok = *in != NULL;
    for (uint64_t r = 0; r < rounds; r++) {
        round_counts(sleft, n, sc, sd);
        round_counts(rleft, n, rc, rd);
        for (int k = 0; k < n; k++)
            if (sc[k])
                memcpy(sb + sd[k], out[k] + sent[k], (size_t)sc[k]);
        MPI_Alltoallv(sb, sc, sd, MPI_BYTE, rb, rc, rd, MPI_BYTE, MPI_COMM_WORLD);
        for (int k = 0; k < n; k++) {
            if (ok && rc[k])
                memcpy(*in + at[k] + got[k], rb + rd[k], (size_t)rc[k]);
            sent[k] += (uint64_t)sc[k], sleft[k] -= (uint64_t)sc[k];
            got[k] += (uint64_t)rc[k], rleft[k] -= (uint64_t)rc[k];
        }
    }
    free(sent), free(sb), free(rb);
    return ok ? 0 : -1;
}

int ex_mpi_open(ex_transport *t)
{
    int rank, size;
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS || MPI_Comm_rank(MPI_COMM_WORLD, &rank) != MPI_SUCCESS ||
        MPI_Comm_size(MPI_COMM_WORLD, &size) != MPI_SUCCESS)
        return -1;
    *t = (ex_transport){rank, size, 0, mpi_exchange, NULL};
    return 0;
}

void ex_mpi_close(ex_transport *t)
{
    (void)t;
    MPI_Finalize();
}
