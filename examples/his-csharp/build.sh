#!/bin/sh
# Build the Here I Stand C# example: examples/his-csharp/build.sh OUTDIR  ->  OUTDIR/his.exe
# Needs Debian's mono-mcs (mcs and mono). Run it: mono OUTDIR/his.exe
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$1
mkdir -p "$out"
mcs -nologo -warnaserror+ -optimize+ -target:exe -r:System.Numerics.dll -r:System.Core.dll \
    -out:"$out/his.exe" "$here/Json.cs" "$here/Model.cs" "$here/Rules.cs" "$here/Adapter.cs"
