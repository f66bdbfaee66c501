"""Source engravings for scripts/corpus/make-scans-other.py: MuseScore 3 and Verovio engravings of pieces
make-corpus.py does not use, with truth from each engraver's own geometry (make-corpus.py's helpers).

    SOURCES=/tmp/heldout5 python3 scripts/corpus/engrave-other.py   # then make-scans-other.py reads SOURCES
"""
import importlib.util, os, sys, json, tempfile
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("mc", os.path.join(ROOT, "scripts", "make-corpus.py"))
mc = importlib.util.module_from_spec(spec); sys.path.insert(0, os.path.join(ROOT, "scripts")); spec.loader.exec_module(mc)
OUT = os.environ.get("SOURCES", "/tmp/heldout5")
mc.OUT = OUT


def one_part(name, first, last, idx):
    def f():
        from music21 import stream
        s = mc.corpus_excerpt(name, first, last)
        sc = stream.Score()
        sc.insert(0, s.parts[idx])
        return sc
    return f


pieces = [
    dict(name="clara-polonaise-4", title='Polonaise op. 1 no. 4', composer='C. Schumann',
         src=("corpus", "schumann_clara/polonaise_op1n4", 1, 40), page="a4", mm=6.8, vscale=41,
         music="C. Schumann, polonaise op. 1 no. 4, bars 1-40 (music21 corpus schumann_clara/polonaise_op1n4)", shape="solo piano"),
    dict(name="dichterliebe-2", title='Aus meinen Tränen spriessen', composer='R. Schumann',
         src=("corpus", "schumann_robert/dichterliebe_no2", None, None), page="letter", mm=6.5, vscale=40,
         music="R. Schumann, Dichterliebe no. 2 (music21 corpus schumann_robert/dichterliebe_no2)", shape="lied, voice + piano"),
    dict(name="mozart-k156-i", title='Quartet K. 156, I', composer='W. A. Mozart',
         src=("corpus", "mozart/k156/movement1", 1, 40), page="letter", mm=6.0, vscale=36,
         music="W. A. Mozart, string quartet K. 156, I, bars 1-40 (music21 corpus mozart/k156/movement1)", shape="string quartet"),
    dict(name="bach-bwv10-7", title='BWV 10.7', composer='J. S. Bach',
         src=("corpus", "bach/bwv10.7", None, None), page="a4", mm=6.6, vscale=40,
         music="J. S. Bach, chorale BWV 10.7 (music21 corpus bach/bwv10.7)", shape="SATB chorale, 4 staves"),
    dict(name="satb-piano-57", title='Choir and piano (seed 57)', composer='generated',
         src=("gen", lambda: mc.gen_satb_piano(seed=57, nbars=20)), page="a4", mm=5.8, vscale=34,
         music="generated (make-corpus gen_satb_piano seed 57, 20 bars)", shape="choir SATB + piano, 6 staves"),
    dict(name="orchestra-71", title='Orchestral page (seed 71)', composer='generated',
         src=("gen", lambda: mc.gen_orchestra(seed=71, nbars=9)), page="letter", mm=4.8, vscale=29,
         music="generated (make-corpus gen_orchestra seed 71, 9 bars)", shape="orchestral, 12 staves, brackets"),
    dict(name="k458-ii-vc", title='K. 458, II: Violoncello', composer='W. A. Mozart',
         src=("gen", one_part("mozart/k458/movement2", 1, 50, 3)), page="a4", mm=6.5, vscale=40,
         music="W. A. Mozart, quartet K. 458, II, cello alone, bars 1-50 (music21 corpus mozart/k458/movement2)", shape="single staff part (bass clef)"),
    dict(name="part-short-61", title='Flute part (seed 61)', composer='generated',
         src=("gen", lambda: mc.gen_part("short", 61)), page="letter", mm=6.5, vscale=42,
         music="generated (make-corpus gen_part short seed 61)", shape="single staff, short bars"),
    dict(name="part-wide-67", title='Violin part (seed 67)', composer='generated',
         src=("gen", lambda: mc.gen_part("wide", 67)), page="a4", mm=7.2, vscale=46,
         music="generated (make-corpus gen_part wide seed 67)", shape="single staff, wide bars"),
]
build = tempfile.mkdtemp()
warn = []
engs = ("musescore", "verovio")
for eng in engs:
    os.makedirs(os.path.join(OUT, eng), exist_ok=True)
ONLY = os.environ.get('ONLY')
for piece in pieces:
    if ONLY and piece['name'] not in ONLY.split(','): continue
    try:
        xml = mc.build_musicxml(piece, build)
    except Exception as e:
        print("skip", piece["name"], repr(e)[:200]); continue
    print("xml", piece["name"], len(mc.measure_numbers(xml)), "measures", flush=True)
    for eng in engs:
        fn = mc.musescore_truth if eng == "musescore" else mc.verovio_truth
        try:
            n0 = len(warn)
            pdf, pages = fn(piece, xml, build, os.path.join(OUT, eng), warn)
            mc.dump_truth(pdf[:-4] + ".layout.json", {"engraver": eng, "source": piece["music"]}, pages)
            nb = sum(len(s["bars"]) for p in pages for s in p["systems"])
            ns = sum(len(p["systems"]) for p in pages)
            print(eng, piece["name"], "pages", len(pages), "systems", ns, "bars", nb, "new warnings", len(warn) - n0, flush=True)
        except Exception as e:
            print("fail", eng, piece["name"], repr(e)[:200], flush=True)
print("WARNINGS (%d):" % len(warn))
for w in warn: print("  ", w)
