"""Replaces one benchmark's section of docs/benchmarks.md, keeping the others."""
import os

HEADER = '# Benchmarks\n\nEach section is written by its benchmark script; do not edit by hand.\n'


def write_section(path, name, body):
    text = open(path).read() if os.path.exists(path) else HEADER
    if not text.startswith('# Benchmarks'):
        text = HEADER
    begin, end = f'<!-- BEGIN: {name} -->', f'<!-- END: {name} -->'
    block = f'{begin}\n{body.rstrip()}\n{end}'
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = head + block + tail
    else:
        text = text.rstrip() + '\n\n' + block + '\n'
    with open(path, 'w') as f:
        f.write(text)
