/* A program that links two vendored copies of the generated library, made
 * with the prefixes fga and fgb: each is used from its own file
 * (consumer_copy.c), both work, and on a GPU they give the same bytes. */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

int fga_consumer_run(int have_gpu, float *out);
int fgb_consumer_run(int have_gpu, float *out);

int main(void) {
  static float a[4 * 96], b[4 * 96];
  int n = 0;
  int have_gpu = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
  int bad = fga_consumer_run(have_gpu, a) | fgb_consumer_run(have_gpu, b);
  if (!bad && have_gpu && memcmp(a, b, sizeof a) != 0) {
    printf("the two copies disagree\n");
    bad = 1;
  }
  printf("vendored copies fga and fgb in one program: %s (%s)\n", bad ? "FAILED" : "ok",
         have_gpu ? "checked on the GPU against float64" : "no GPU: both refused the call for want of a device");
  return bad;
}
