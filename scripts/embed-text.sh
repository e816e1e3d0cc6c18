#!/bin/sh
# Usage: embed-text.sh NAME FILE > header.h
# Writes FILE as a C string constant NAME, so a program can carry a text file inside it.
set -eu
name=$1
file=$2
echo "/* Generated from $file by scripts/embed-text.sh; do not edit. */"
echo "static const char $name[] ="
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/  "/' -e 's/$/\\n"/' "$file"
echo "  ;"
