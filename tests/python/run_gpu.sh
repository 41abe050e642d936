#!/bin/sh
# On a GPU machine with PyTorch, from the checkout: install the package for this
# GPU's target (or the targets given), then run the Python GPU tests, the host
# time per call (bench/driver.py --only host) and the block benchmark
# (bench/block.py); results go to bench/results/<GPU>_<date>/.
#   tests/python/run_gpu.sh [ARCHS]      e.g. sm_90, or sm_80,sm_90
set -eu
cd "$(dirname "$0")/../.."
archs=${1:-$(python3 -c "import torch; m, n = torch.cuda.get_device_capability(); print(f'sm_{m}{n}')")}
# a machine with scikit-build-core installed builds without fetching it
isolation=$(python3 -c "import scikit_build_core" 2>/dev/null && echo --no-build-isolation || true)
FUSEGEN_ARCHS=$archs python3 -m pip install $isolation .
status=0
python3 tests/python/test_ops_gpu.py || status=1
python3 tests/python/test_torch_gpu.py || status=1
python3 tests/python/test_devices_gpu.py || status=1
python3 bench/driver.py --only host
python3 bench/block.py
exit $status
