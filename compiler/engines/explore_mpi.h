/* explore_mpi.h — the MPI ranks as the workers of a shared search
 * (explore_mpi.c): for the ordo tool's `explore --mpi`, run under
 * mpirun. */
#ifndef ORDO_ENGINES_EXPLORE_MPI_H
#define ORDO_ENGINES_EXPLORE_MPI_H

#include "explore.h"

/* MPI started, t the transport over MPI_COMM_WORLD: 0, or -1. */
int ex_mpi_open(ex_transport *t);
/* MPI finished (once every rank is done with t). */
void ex_mpi_close(ex_transport *t);

#endif /* ORDO_ENGINES_EXPLORE_MPI_H */
