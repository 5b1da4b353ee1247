#!/bin/sh
# A larger Python installation for the docs-index bench (issue #16 states its search target at
# 200k items or more; this machine's own installation holds fewer once the stubs of
# distributions not installed are skipped): this interpreter's library and site-packages copied
# into DIR, with the packages of Debian's pandas, SciPy, matplotlib, scikit-learn, Django and
# SQLAlchemy (and their dependencies) added where the copy has no package of that name.
#
#   scripts/larger-python-installation.sh DIR
#   node bench/docs-index.bench.mjs --corpus "$(scripts/larger-python-installation.sh DIR)"
#
# Installs the Debian packages when missing (as root, with apt-get); prints the copy's library
# folder, the corpus to give the bench.
set -eu
dir=${1:?usage: scripts/larger-python-installation.sh DIR}
packages="python3-pandas python3-scipy python3-matplotlib python3-sklearn python3-django python3-sqlalchemy"
if ! dpkg -s $packages >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages >&2
fi
stdlib=$(python3 -c "import sysconfig; print(sysconfig.get_paths()['stdlib'])")
lib="$dir/lib/$(basename "$stdlib")"
if [ ! -e "$lib" ]; then
  mkdir -p "$dir/lib"
  cp -a "$stdlib" "$dir/lib/"
fi
site="$lib/site-packages"
mkdir -p "$site"
for d in /usr/lib/python3/dist-packages/*; do
  [ -e "$site/$(basename "$d")" ] || cp -a "$d" "$site/"
done
echo "$lib"
