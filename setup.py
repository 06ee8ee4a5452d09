"""The build's one hook: OpenMP only where the compiler has it.

pyproject.toml declares the extensions. The odds tables sweep on every core with OpenMP; a
compiler without it (Apple's clang, for one) rejects -fopenmp, and the module is then built
again without it, to sweep on one core, rather than not built at all.
"""

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError

OPENMP = "-fopenmp"


class OptionalOpenMP(build_ext):
    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except CCompilerError:
            if OPENMP not in ext.extra_compile_args + ext.extra_link_args:
                raise
            ext.extra_compile_args = [a for a in ext.extra_compile_args if a != OPENMP]
            ext.extra_link_args = [a for a in ext.extra_link_args if a != OPENMP]
            super().build_extension(ext)


setup(cmdclass={"build_ext": OptionalOpenMP})
