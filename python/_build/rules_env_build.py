"""A PEP 517 build backend in the standard library: builds the rules-env wheel (the rules_env package and
its metadata) and sdist, with nothing to install first. Metadata comes from pyproject.toml's [project]
table, read with tomllib where it exists (Python 3.11+) and with a reader of its simple `key = "text"`
lines on older Pythons (tests/test_packaging.py checks that both agree)."""
import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "rules_env"


def _project():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        data = f.read()
    try:
        import tomllib

        return tomllib.loads(data.decode())["project"]
    except ImportError:
        return read_simple_project(data.decode())


def read_simple_project(text):
    """The `key = "text"` entries of the [project] table (the only ones the metadata needs)."""
    project, inside = {}, False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line.strip() == "[project]"
        elif inside:
            m = re.match(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"\s*$', line)
            if m:
                project[m.group(1)] = m.group(2)
    return project


def _metadata():
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        "Name: %s" % p["name"],
        "Version: %s" % p["version"],
        "Summary: %s" % p["description"],
        "Requires-Python: %s" % p["requires-python"],
        "License: MIT",
        "Provides-Extra: numpy",
        "Requires-Dist: numpy; extra == \"numpy\"",
        "Provides-Extra: gymnasium",
        "Requires-Dist: gymnasium>=0.29; extra == \"gymnasium\"",
        "Provides-Extra: pettingzoo",
        "Requires-Dist: pettingzoo>=1.24; extra == \"pettingzoo\"",
        "Description-Content-Type: text/markdown",
        "",
    ]
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return p, "\n".join(lines) + "\n" + f.read()


def _dist_name(p):
    return "%s-%s" % (p["name"].replace("-", "_"), p["version"])


def _sources():
    for name in sorted(os.listdir(os.path.join(ROOT, PACKAGE))):
        if name.endswith(".py"):
            yield "%s/%s" % (PACKAGE, name), os.path.join(ROOT, PACKAGE, name)


def _write_wheel(directory, files):
    p, metadata = _metadata()
    dist = _dist_name(p)
    info = "%s.dist-info" % dist
    entries = list(files) + [
        ("%s/METADATA" % info, metadata.encode()),
        ("%s/WHEEL" % info, b"Wheel-Version: 1.0\nGenerator: rules_env_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = []
    name = "%s-py3-none-any.whl" % dist
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in entries:
            z.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (path, digest, len(data)))
        record.append("%s/RECORD,," % info)
        z.writestr(zipfile.ZipInfo("%s/RECORD" % info, date_time=(2020, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = []
    for path, source in _sources():
        with open(source, "rb") as f:
            files.append((path, f.read()))
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """A wheel whose .pth file puts this folder on sys.path (`pip install -e ./python`)."""
    return _write_wheel(wheel_directory, [("rules_env_editable.pth", (ROOT + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    p, metadata = _metadata()
    dist = _dist_name(p)
    name = "%s.tar.gz" % dist
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for path in ["pyproject.toml", "README.md", "_build/rules_env_build.py"] + [s for s, _ in _sources()]:
            t.add(os.path.join(ROOT, path), arcname="%s/%s" % (dist, path))
        info = tarfile.TarInfo("%s/PKG-INFO" % dist)
        data = metadata.encode()
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []
